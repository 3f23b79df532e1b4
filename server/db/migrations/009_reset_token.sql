-- The hash of the single-use secret that verifyResetCode returns; resetPassword must present it.
ALTER TABLE users ADD COLUMN reset_token_hash text;
