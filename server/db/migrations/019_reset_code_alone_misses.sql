-- Wrong reset codes sent without an e-mail since this account's code was issued, from anyone: such a guess could be
-- any live code, so it counts against all of them (server/modules/auth/resetCodes.ts).
ALTER TABLE users ADD COLUMN reset_code_alone_misses int NOT NULL DEFAULT 0;
