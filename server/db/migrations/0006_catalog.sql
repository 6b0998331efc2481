CREATE TYPE "public"."business_kind" AS ENUM('store', 'restaurant', 'service');--> statement-breakpoint
CREATE TYPE "public"."catalog_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."product_kind" AS ENUM('product', 'service');--> statement-breakpoint
CREATE TYPE "public"."banner_placement" AS ENUM('home', 'regular');--> statement-breakpoint
CREATE TYPE "public"."favorite_type" AS ENUM('product', 'ad', 'business', 'user');--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(60) NOT NULL,
	"kind" "business_kind" NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120),
	"icon" varchar(40) DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" "business_kind" NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120),
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"address" varchar(255) NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"working_hours" jsonb NOT NULL,
	"logo_image_id" text,
	"cover_image_id" text,
	"delivery_discount_percent" integer DEFAULT 0 NOT NULL,
	"subscribers_count" integer DEFAULT 0 NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(name, '') || ' ' || coalesce(name_en, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(name_en, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(description, '') || ' ' || coalesce(description_en, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(description_en, '')), 'C')) STORED NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120),
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"category_id" integer,
	"kind" "product_kind" DEFAULT 'product' NOT NULL,
	"status" "catalog_status" DEFAULT 'published' NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120),
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"price" bigint NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"final_price" bigint GENERATED ALWAYS AS (price - (price * discount_percent + 50) / 100) STORED NOT NULL,
	"currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"stock" integer,
	"duration_minutes" integer,
	"image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(name, '') || ' ' || coalesce(name_en, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(name_en, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(description, '') || ' ' || coalesce(description_en, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(description_en, '')), 'C')) STORED NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(60) NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120),
	"icon" varchar(40) DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"status" "catalog_status" DEFAULT 'published' NOT NULL,
	"title" varchar(120) NOT NULL,
	"title_en" varchar(120),
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"price" bigint,
	"currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"location" varchar(120) DEFAULT '' NOT NULL,
	"condition" varchar(8),
	"image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(title, '') || ' ' || coalesce(title_en, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(title_en, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(description, '') || ' ' || coalesce(description_en, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(description_en, '')), 'C')) STORED NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || coalesce(title_en, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" "banner_placement" NOT NULL,
	"title" varchar(120) NOT NULL,
	"title_en" varchar(120),
	"subtitle" varchar(255) DEFAULT '' NOT NULL,
	"subtitle_en" varchar(255),
	"image_id" text,
	"link" varchar(255) NOT NULL,
	"background" varchar(16) DEFAULT '#2f6fde' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_subscriptions" (
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_subscriptions_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" "favorite_type" NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_category_id_business_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."business_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_category_id_ad_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ad_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "businesses_kind_idx" ON "businesses" USING btree ("kind","category_id");--> statement-breakpoint
CREATE INDEX "businesses_category_idx" ON "businesses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "businesses_popular_idx" ON "businesses" USING btree ("orders_count" DESC NULLS LAST,"subscribers_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_delivery_discount_idx" ON "businesses" USING btree ("delivery_discount_percent") WHERE "businesses"."delivery_discount_percent" > 0;--> statement-breakpoint
CREATE INDEX "businesses_search_vector_idx" ON "businesses" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "businesses_search_name_idx" ON "businesses" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_categories_business_idx" ON "product_categories" USING btree ("business_id","position");--> statement-breakpoint
CREATE INDEX "products_business_idx" ON "products" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("final_price","id") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("orders_count" DESC NULLS LAST,"favorites_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("discount_percent" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."status" = 'published' and "products"."discount_percent" > 0;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "ads_category_idx" ON "ads" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "ads_newest_idx" ON "ads" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ads"."status" = 'published';--> statement-breakpoint
CREATE INDEX "ads_search_vector_idx" ON "ads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ads_search_name_idx" ON "ads" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "banners_placement_idx" ON "banners" USING btree ("placement","position");--> statement-breakpoint
CREATE INDEX "business_subscriptions_business_idx" ON "business_subscriptions" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_target_idx" ON "favorites" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favorites_target_idx" ON "favorites" USING btree ("target_type","target_id");