import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part, always sent; mail readers without HTML show it. */
  text: string;
  html?: string;
}

/** The mail seam: SMTP when SMTP_URL is set, otherwise an outbox folder plus a log line (works offline and in tests). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // The folder is made on the first mail (and again should making it have failed), not before every mail.
  let outboxMade: Promise<unknown> | undefined;
  // Two mails to one address in the same millisecond get distinct names that still sort in the order they were sent.
  let sent = 0;
  return {
    async send(message) {
      outboxMade ??= fs.mkdir(options.outboxDir, { recursive: true }).catch((err: unknown) => {
        outboxMade = undefined;
        throw err;
      });
      await outboxMade;
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const order = String(++sent % 1_000_000).padStart(6, '0');
      const file = path.join(options.outboxDir, `${Date.now()}-${order}-${safeTo}.json`);
      await fs.writeFile(
        file,
        JSON.stringify({ from: options.from, ...message, date: new Date().toISOString() }, null, 2),
      );
      options.log.info({ to: message.to, file }, `mail written to outbox: ${message.subject}`);
    },
  };
}

/** The newest outbox message for an address (used by tests and the demo to read reset codes). */
export async function latestOutboxMessage(
  outboxDir: string,
  to: string,
): Promise<(MailMessage & { date: string }) | undefined> {
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
  const files = (await fs.readdir(outboxDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(`-${safeTo}.json`))
    .sort();
  const last = files.at(-1);
  return last ? JSON.parse(await fs.readFile(path.join(outboxDir, last), 'utf8')) : undefined;
}
