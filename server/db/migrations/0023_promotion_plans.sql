-- The reference promotion plans (issue 16): present in every database, not only the demo one, so a
-- seller can buy from the first start. Staff may change prices later; the slugs stay.
INSERT INTO "promotion_plans" ("slug", "name", "name_en", "description", "description_en", "perks", "boost", "duration_days", "price", "currency", "active", "position") VALUES
	('raise-7', 'Поднятие на 7 дней', 'Raise for 7 days', 'Объявление или товар выше остальных в списках и поиске.', 'Your ad or product above the others in lists and search.', ARRAY['raise']::text[], 1, 7, 19900, 'RUB', true, 1),
	('highlight-14', 'Выделение на 14 дней', 'Highlight for 14 days', 'Выше в списках и поиске, карточка выделена цветом.', 'Higher in lists and search, with a highlighted card.', ARRAY['raise','highlight']::text[], 2, 14, 49900, 'RUB', true, 2),
	('premium-30', 'Премиум на 30 дней', 'Premium for 30 days', 'Первые места в списках и поиске, выделенная карточка и показ на главной странице.', 'Top places in lists and search, a highlighted card and a place on the home page.', ARRAY['raise','highlight','home_carousel']::text[], 5, 30, 149900, 'RUB', true, 3)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
-- Lists and search look up the raised items of a list first: only the few promoted rows are in these indexes.
CREATE INDEX IF NOT EXISTS "ads_promoted_idx" ON "ads" USING btree ("promoted_until") WHERE "promoted_until" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_promoted_idx" ON "products" USING btree ("promoted_until") WHERE "promoted_until" is not null;
