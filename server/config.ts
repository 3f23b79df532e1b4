import path from 'node:path';

/** Every setting the server reads from the environment; .env.example documents each one. */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicBaseUrl?: string;
  frontendUrl?: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  resetCodeSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  paymentsTestMode: boolean;
  redisUrl?: string;
  allowedOrigins?: string[];
  /** Whose X-Forwarded-* headers to believe: nobody (false), anybody (true), or these proxy addresses/ranges. */
  trustProxy: boolean | string[];
  uploadMaxBytes: number;
  rateLimits: boolean;
  authUniformForgotResponse: boolean;
  logLevel: string;
  bcryptRounds: number;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * Off by default: a server reached directly must not let clients choose their own address with
 * X-Forwarded-For, or the per-IP limits (login, reset code) could be dodged by changing it.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (!text || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  return text.split(',').map((address) => address.trim()).filter(Boolean);
}

const MIN_SECRET_LENGTH = 32;
const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const jwtSecret = env.JWT_SECRET || DEV_SECRET;
  // Anyone who knows the secret can sign an admin's token: production refuses the published default and short ones.
  if (nodeEnv === 'production' && (jwtSecret === DEV_SECRET || jwtSecret.length < MIN_SECRET_LENGTH)) {
    throw new Error(`JWT_SECRET must be set in production, at least ${MIN_SECRET_LENGTH} characters long`);
  }
  const config: Config = {
    nodeEnv,
    port: Number(env.PORT) || 8000,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined,
    frontendUrl: env.FRONTEND_URL?.replace(/\/+$/, '') || undefined,
    jwtSecret,
    jwtExpiresIn: env.JWT_EXPIRES_IN || '30d',
    resetCodeSecret: env.RESET_CODE_SECRET || jwtSecret,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: flag(env.SEED_DEMO, true),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'المتجر <no-reply@shop.local>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    paymentsTestMode: flag(env.PAYMENTS_TEST_MODE, nodeEnv !== 'production'),
    redisUrl: env.REDIS_URL || undefined,
    allowedOrigins: env.ALLOWED_ORIGINS ? env.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) || 5 * 1024 * 1024,
    rateLimits: flag(env.RATE_LIMITS, true),
    authUniformForgotResponse: flag(env.AUTH_UNIFORM_FORGOT_RESPONSE, false),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    bcryptRounds: Number(env.BCRYPT_ROUNDS) || 10,
  };
  return { ...config, ...overrides };
}
