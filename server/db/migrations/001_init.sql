-- Schema of every entity of API.md section 1. Money is kept in whole piastres (1/100 EGP).
-- Ids are UUIDs (URL-safe, never "0"); references are ids; timestamps are timestamptz.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  email text NOT NULL,
  phone text,
  profile_img text,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'manager', 'admin')),
  active boolean NOT NULL DEFAULT true,
  password_hash text NOT NULL,
  password_changed_at timestamptz,
  reset_code_hash text,
  reset_code_expires timestamptz,
  reset_attempts int NOT NULL DEFAULT 0,
  reset_verified_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
-- Live reset codes are unique across users, because the original web app verifies with the code alone.
CREATE UNIQUE INDEX users_reset_code_key ON users (reset_code_hash) WHERE reset_code_hash IS NOT NULL;
CREATE INDEX users_role_idx ON users (role);
CREATE INDEX users_created_at_idx ON users (created_at, id);

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_key ON categories (lower(name));
CREATE INDEX categories_created_at_idx ON categories (created_at, id);

CREATE TABLE subcategories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subcategories_name_key ON subcategories (category_id, lower(name));
CREATE INDEX subcategories_created_at_idx ON subcategories (created_at, id);

CREATE TABLE brands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX brands_name_key ON brands (lower(name));
CREATE INDEX brands_created_at_idx ON brands (created_at, id);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL,
  quantity int NOT NULL CHECK (quantity >= 0),
  sold int NOT NULL DEFAULT 0 CHECK (sold >= 0),
  price int NOT NULL CHECK (price > 0),                 -- piastres
  price_after_discount int CHECK (price_after_discount >= 0), -- piastres
  available_colors text[] NOT NULL DEFAULT '{}',
  image_cover text NOT NULL,
  images text[] NOT NULL DEFAULT '{}',
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  subcategory_ids text[] NOT NULL DEFAULT '{}',
  brand_id uuid REFERENCES brands (id) ON DELETE SET NULL,
  ratings_average numeric(2, 1) NOT NULL DEFAULT 0,
  ratings_quantity int NOT NULL DEFAULT 0,
  -- Title and description with Arabic letter forms folded (see server/lib/arabic.ts), for keyword search.
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_created_at_idx ON products (created_at DESC, id DESC);
CREATE INDEX products_category_idx ON products (category_id, created_at DESC);
CREATE INDEX products_brand_idx ON products (brand_id, created_at DESC);
CREATE INDEX products_price_idx ON products (price, id);
CREATE INDEX products_sold_idx ON products (sold DESC, id);
CREATE INDEX products_ratings_idx ON products (ratings_average DESC, id);
CREATE INDEX products_quantity_idx ON products (quantity, id);
CREATE INDEX products_subcategories_idx ON products USING gin (subcategory_ids);
CREATE INDEX products_colors_idx ON products USING gin (available_colors);
CREATE INDEX products_search_idx ON products USING gin (search_text gin_trgm_ops);

CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  review text NOT NULL,
  rating numeric(2, 1) NOT NULL CHECK (rating >= 1 AND rating <= 5),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, product_id)
);
CREATE INDEX reviews_product_idx ON reviews (product_id, created_at DESC);

CREATE TABLE wishlist_items (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alias text NOT NULL,
  details text NOT NULL,
  phone text NOT NULL,
  city text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at);

CREATE TABLE coupons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  expire timestamptz NOT NULL,
  discount numeric(5, 2) NOT NULL CHECK (discount > 0 AND discount <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coupons_name_key ON coupons (lower(name));

CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  coupon_id uuid REFERENCES coupons (id) ON DELETE SET NULL,
  total_after_discount int,               -- piastres, present only while a coupon is applied
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  count int NOT NULL CHECK (count >= 1),
  color text NOT NULL DEFAULT '',
  price int NOT NULL,                      -- unit price in piastres, taken from the product
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, product_id, color)
);
CREATE INDEX cart_items_product_idx ON cart_items (product_id);

CREATE SEQUENCE order_number_seq;

CREATE TABLE payment_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,                  -- 'test' | 'stripe'
  provider_session_id text UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cart_id uuid,
  cart_updated_at timestamptz,
  snapshot jsonb NOT NULL,                 -- the priced lines that are being paid for
  coupon text,
  total int NOT NULL,                      -- piastres
  shipping_address jsonb,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'cancelled', 'expired')),
  url text,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_number int NOT NULL UNIQUE DEFAULT nextval('order_number_seq'),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_snapshot jsonb NOT NULL,            -- UserRef at order time, shown when the user is gone
  shipping_address jsonb,
  tax_price int NOT NULL DEFAULT 0,
  shipping_price int NOT NULL DEFAULT 0,
  total_order_price int NOT NULL,          -- piastres
  payment_method_type text NOT NULL CHECK (payment_method_type IN ('cash', 'card')),
  is_paid boolean NOT NULL DEFAULT false,
  paid_at timestamptz,
  is_delivered boolean NOT NULL DEFAULT false,
  delivered_at timestamptz,
  coupon text,
  oversold boolean NOT NULL DEFAULT false,
  payment_session_id uuid UNIQUE REFERENCES payment_sessions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_created_at_idx ON orders (created_at DESC, id DESC);

CREATE TABLE order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  product_snapshot jsonb NOT NULL,         -- ProductRef at order time
  count int NOT NULL CHECK (count >= 1),
  color text NOT NULL DEFAULT '',
  price int NOT NULL                       -- unit price charged, piastres
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE INDEX order_items_product_idx ON order_items (product_id);
