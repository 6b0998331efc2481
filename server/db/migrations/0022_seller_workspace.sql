CREATE TYPE "public"."ad_subscription_status" AS ENUM('pending_payment', 'active', 'paused', 'expired', 'archived');--> statement-breakpoint
CREATE TYPE "public"."ad_subscription_actor" AS ENUM('seller', 'system');--> statement-breakpoint
CREATE TYPE "public"."stat_item_kind" AS ENUM('business', 'product', 'ad');--> statement-breakpoint
CREATE TYPE "public"."view_kind" AS ENUM('page', 'list');--> statement-breakpoint
CREATE TYPE "public"."banner_status" AS ENUM('moderation', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "promotion_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(40) NOT NULL UNIQUE,
	"name" varchar(80) NOT NULL,
	"name_en" varchar(80),
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"perks" text[] NOT NULL,
	"boost" integer DEFAULT 1 NOT NULL,
	"duration_days" integer NOT NULL,
	"price" bigint NOT NULL,
	"currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"plan_id" integer NOT NULL REFERENCES "promotion_plans"("id") ON DELETE restrict,
	"ad_id" integer REFERENCES "ads"("id") ON DELETE cascade,
	"product_id" integer REFERENCES "products"("id") ON DELETE cascade,
	"status" "ad_subscription_status" DEFAULT 'pending_payment' NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"perks" text[] NOT NULL,
	"boost" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"price" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_subscriptions_one_target" CHECK (("ad_id" is null) <> ("product_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ad_subscriptions_user_key_idx" ON "ad_subscriptions" USING btree ("user_id", "idempotency_key");--> statement-breakpoint
CREATE INDEX "ad_subscriptions_user_idx" ON "ad_subscriptions" USING btree ("user_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "ad_subscriptions_due_idx" ON "ad_subscriptions" USING btree ("ends_at") WHERE "status" in ('active', 'paused');--> statement-breakpoint
CREATE INDEX "ad_subscriptions_ad_idx" ON "ad_subscriptions" USING btree ("ad_id") WHERE "ad_id" is not null;--> statement-breakpoint
CREATE INDEX "ad_subscriptions_product_idx" ON "ad_subscriptions" USING btree ("product_id") WHERE "product_id" is not null;--> statement-breakpoint
CREATE TABLE "ad_subscription_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "ad_subscriptions"("id") ON DELETE cascade,
	"from_status" "ad_subscription_status",
	"to_status" "ad_subscription_status" NOT NULL,
	"actor" "ad_subscription_actor" NOT NULL,
	"actor_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ad_subscription_history_subscription_idx" ON "ad_subscription_history" USING btree ("subscription_id", "at");--> statement-breakpoint
CREATE TABLE "promotion_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "ad_subscriptions"("id") ON DELETE cascade,
	"card_id" integer REFERENCES "cards"("id") ON DELETE set null,
	"provider" varchar(40) NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"provider_charge_id" varchar(255),
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"failure_code" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_payments_idempotency_idx" ON "promotion_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "promotion_payments_subscription_idx" ON "promotion_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE TABLE "item_stats_daily" (
	"day" date NOT NULL,
	"item_kind" "stat_item_kind" NOT NULL,
	"item_id" integer NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"business_id" integer REFERENCES "businesses"("id") ON DELETE cascade,
	"page_views" integer DEFAULT 0 NOT NULL,
	"list_views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "item_stats_daily_pk" PRIMARY KEY ("item_kind", "item_id", "day", "promoted")
);
--> statement-breakpoint
CREATE INDEX "item_stats_daily_owner_idx" ON "item_stats_daily" USING btree ("owner_id", "day");--> statement-breakpoint
CREATE INDEX "item_stats_daily_business_idx" ON "item_stats_daily" USING btree ("business_id", "day") WHERE "business_id" is not null;--> statement-breakpoint
CREATE TABLE "item_viewers" (
	"day" date NOT NULL,
	"item_kind" "stat_item_kind" NOT NULL,
	"item_id" integer NOT NULL,
	"view_kind" "view_kind" NOT NULL,
	"viewer" varchar(64) NOT NULL,
	CONSTRAINT "item_viewers_pk" PRIMARY KEY ("day", "item_kind", "item_id", "view_kind", "viewer")
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "promoted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "promotion_boost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "promotion_perks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promoted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promotion_boost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promotion_perks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "owner_id" integer REFERENCES "users"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "status" "banner_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "claimed_by" integer REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "moderated_by" integer REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "banners_owner_idx" ON "banners" USING btree ("owner_id", "created_at" DESC) WHERE "owner_id" is not null;--> statement-breakpoint
CREATE INDEX "banners_moderation_idx" ON "banners" USING btree ("created_at") WHERE "status" = 'moderation';
