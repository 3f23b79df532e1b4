-- Delivery in Egypt: the governorates an address names, the shipping zones the owner prices them by, the shop's own
-- settings (VAT, cash on delivery, who hears about orders), and the steps staff take with an order (confirmed by
-- phone, shipped with a courier).

-- Egypt's governorates (ISO 3166-2:EG codes), data the owner may edit: they are renamed and split over time.
CREATE TABLE governorates (
  code text PRIMARY KEY CHECK (code ~ '^EG-[A-Z]{1,4}$'),
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 60),
  position int NOT NULL
);
INSERT INTO governorates (code, name, name_en, position) VALUES
  ('EG-C', 'القاهرة', 'Cairo', 1),
  ('EG-GZ', 'الجيزة', 'Giza', 2),
  ('EG-ALX', 'الإسكندرية', 'Alexandria', 3),
  ('EG-KB', 'القليوبية', 'Qalyubia', 4),
  ('EG-BH', 'البحيرة', 'Beheira', 5),
  ('EG-MNF', 'المنوفية', 'Monufia', 6),
  ('EG-GH', 'الغربية', 'Gharbia', 7),
  ('EG-KFS', 'كفر الشيخ', 'Kafr El Sheikh', 8),
  ('EG-DK', 'الدقهلية', 'Dakahlia', 9),
  ('EG-DT', 'دمياط', 'Damietta', 10),
  ('EG-SHR', 'الشرقية', 'Sharqia', 11),
  ('EG-IS', 'الإسماعيلية', 'Ismailia', 12),
  ('EG-PTS', 'بورسعيد', 'Port Said', 13),
  ('EG-SUZ', 'السويس', 'Suez', 14),
  ('EG-FYM', 'الفيوم', 'Faiyum', 15),
  ('EG-BNS', 'بني سويف', 'Beni Suef', 16),
  ('EG-MN', 'المنيا', 'Minya', 17),
  ('EG-AST', 'أسيوط', 'Asyut', 18),
  ('EG-SHG', 'سوهاج', 'Sohag', 19),
  ('EG-KN', 'قنا', 'Qena', 20),
  ('EG-LX', 'الأقصر', 'Luxor', 21),
  ('EG-ASN', 'أسوان', 'Aswan', 22),
  ('EG-BA', 'البحر الأحمر', 'Red Sea', 23),
  ('EG-WAD', 'الوادي الجديد', 'New Valley', 24),
  ('EG-MT', 'مطروح', 'Matrouh', 25),
  ('EG-SIN', 'شمال سيناء', 'North Sinai', 26),
  ('EG-JS', 'جنوب سيناء', 'South Sinai', 27);

-- Money in piastres. cash_fee NULL: the shop's own cash fee applies.
CREATE TABLE shipping_zones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  fee int NOT NULL CHECK (fee >= 0),
  free_shipping_from bigint CHECK (free_shipping_from > 0),
  cash_on_delivery boolean NOT NULL DEFAULT true,
  cash_fee int CHECK (cash_fee >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A governorate is in one zone at most; its own table, so emptying the zones leaves the governorates alone.
CREATE TABLE shipping_zone_governorates (
  governorate text PRIMARY KEY REFERENCES governorates (code) ON UPDATE CASCADE ON DELETE CASCADE,
  zone_id uuid NOT NULL REFERENCES shipping_zones (id) ON DELETE CASCADE
);
CREATE INDEX shipping_zone_governorates_zone_idx ON shipping_zone_governorates (zone_id);

-- The shop's own settings, one row. Money in piastres; vat_rate in percent.
CREATE TABLE shop_settings (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  shop_name text NOT NULL DEFAULT '',
  shop_address text NOT NULL DEFAULT '',
  tax_number text NOT NULL DEFAULT '',
  vat_rate numeric(5, 2) NOT NULL DEFAULT 14 CHECK (vat_rate BETWEEN 0 AND 100),
  default_shipping_fee int NOT NULL DEFAULT 0 CHECK (default_shipping_fee >= 0),
  cash_on_delivery boolean NOT NULL DEFAULT true,
  cash_fee int NOT NULL DEFAULT 0 CHECK (cash_fee >= 0),
  cash_max_total bigint CHECK (cash_max_total > 0),
  staff_email text NOT NULL DEFAULT '',
  low_stock_level int NOT NULL DEFAULT 5 CHECK (low_stock_level >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO shop_settings DEFAULT VALUES;

ALTER TABLE addresses ADD COLUMN governorate text REFERENCES governorates (code) ON UPDATE CASCADE ON DELETE SET NULL;

-- What a card payment session will charge beyond its items, kept with its snapshot.
ALTER TABLE payment_sessions
  ADD COLUMN shipping_price int NOT NULL DEFAULT 0,
  ADD COLUMN tax_price bigint NOT NULL DEFAULT 0;

ALTER TABLE orders
  ALTER COLUMN tax_price TYPE bigint,
  ADD COLUMN cash_fee int NOT NULL DEFAULT 0,
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN shipped_at timestamptz,
  ADD COLUMN courier text,
  ADD COLUMN tracking_number text,
  ADD COLUMN tracking_url text;
-- The staff list of cash orders waiting for a phone call.
CREATE INDEX orders_unconfirmed_idx ON orders (created_at DESC)
  WHERE payment_method_type = 'cash' AND confirmed_at IS NULL AND NOT is_cancelled AND NOT is_delivered;
