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
  /** JWT_SECRET, else the shop's own random secret kept in the database (server/db/shop.ts). */
  jwtSecret: string;
  jwtExpiresIn: string;
  /** RESET_CODE_SECRET, else the shop's own random secret, as for jwtSecret. */
  resetCodeSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** true / false when PAYMENTS_TEST_MODE says so; undefined: on only in a demo shop (see paymentProvider). */
  paymentsTestMode?: boolean;
  redisUrl?: string;
  /** Prefix of the rate-limit keys in Redis, for several shops (or test runs) on one Redis. */
  redisKeyPrefix?: string;
  /** S3-compatible object storage for uploaded images (server/storage); undefined: local disk under DATA_DIR. */
  s3?: S3Settings;
  /** Where browsers load images from when they are in object storage: the bucket's or a CDN's public base URL. */
  imagesPublicUrl?: string;
  allowedOrigins?: string[];
  /** Whose X-Forwarded-* headers to believe: nobody (false), anybody (true), or these proxy addresses/ranges. */
  trustProxy: boolean | string[];
  uploadMaxBytes: number;
  rateLimits: boolean;
  authUniformForgotResponse: boolean;
  /** resetPassword without the verification's resetToken (old clients); off by default. */
  legacyResetFlow: boolean;
  logLevel: string;
  bcryptRounds: number;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For non-AWS services (R2, MinIO, Backblaze…); unset: AWS. */
  endpoint?: string;
  /** Unset: the AWS SDK's usual sources (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The settings as read from the environment: the secrets are left undefined when unset, to be filled from the database. */
export type Settings = Omit<Config, 'jwtSecret' | 'resetCodeSecret'> & Partial<Pick<Config, 'jwtSecret' | 'resetCodeSecret'>>;

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Settings {
  const nodeEnv = env.NODE_ENV ?? 'development';
  // Unset, the shop generates its own secret (never a default written anywhere); a short one set by hand is guessable.
  const jwtSecret = env.JWT_SECRET || undefined;
  if (nodeEnv === 'production' && jwtSecret !== undefined && jwtSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (or unset: the shop then makes its own)`);
  }
  const config: Settings = {
    nodeEnv,
    port: Number(env.PORT) || 8000,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined,
    frontendUrl: env.FRONTEND_URL?.replace(/\/+$/, '') || undefined,
    jwtSecret,
    jwtExpiresIn: env.JWT_EXPIRES_IN || '30d',
    resetCodeSecret: env.RESET_CODE_SECRET || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    // A production shop gets demo data and demo accounts only when its owner asks for them.
    seedDemo: flag(env.SEED_DEMO, nodeEnv !== 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'المتجر <no-reply@shop.local>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    paymentsTestMode: env.PAYMENTS_TEST_MODE ? flag(env.PAYMENTS_TEST_MODE, false) : undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, false),
        }
      : undefined,
    imagesPublicUrl: env.IMAGES_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    allowedOrigins: env.ALLOWED_ORIGINS ? env.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) || 5 * 1024 * 1024,
    rateLimits: flag(env.RATE_LIMITS, true),
    authUniformForgotResponse: flag(env.AUTH_UNIFORM_FORGOT_RESPONSE, false),
    legacyResetFlow: flag(env.LEGACY_RESET_FLOW, false),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    bcryptRounds: Number(env.BCRYPT_ROUNDS) || 10,
  };
  return { ...config, ...overrides };
}
