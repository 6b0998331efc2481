-- Reference data of the catalogue: the sections businesses and ads are filed under.
-- They are part of the product (creating a business needs them), so they ship with the schema, not with the demo seed.
INSERT INTO "business_categories" ("slug", "kind", "name", "name_en", "icon", "position") VALUES
  ('groceries', 'store', 'Продукты', 'Groceries', 'basket', 10),
  ('clothing', 'store', 'Одежда и обувь', 'Clothing and shoes', 'shirt', 20),
  ('electronics', 'store', 'Электроника', 'Electronics', 'laptop', 30),
  ('home-garden', 'store', 'Дом и сад', 'Home and garden', 'home', 40),
  ('beauty-health', 'store', 'Красота и здоровье', 'Beauty and health', 'heart', 50),
  ('kids', 'store', 'Детские товары', 'Kids', 'toy', 60),
  ('books', 'store', 'Книги и канцелярия', 'Books and stationery', 'book', 70),
  ('flowers-gifts', 'store', 'Цветы и подарки', 'Flowers and gifts', 'flower', 80),
  ('pets', 'store', 'Зоотовары', 'Pet supplies', 'paw', 90),
  ('cafe', 'restaurant', 'Кафе', 'Cafés', 'cup', 110),
  ('pizza', 'restaurant', 'Пиццерии', 'Pizzerias', 'pizza', 120),
  ('sushi', 'restaurant', 'Суши и роллы', 'Sushi and rolls', 'fish', 130),
  ('bakery', 'restaurant', 'Пекарни и кондитерские', 'Bakeries and pastry shops', 'bread', 140),
  ('burgers', 'restaurant', 'Бургерные', 'Burger bars', 'burger', 150),
  ('caucasian', 'restaurant', 'Кавказская кухня', 'Caucasian cuisine', 'grill', 160),
  ('repair', 'service', 'Ремонт и строительство', 'Repair and construction', 'tools', 210),
  ('cleaning', 'service', 'Уборка', 'Cleaning', 'broom', 220),
  ('beauty-salon', 'service', 'Салоны красоты', 'Beauty salons', 'scissors', 230),
  ('auto', 'service', 'Автосервис', 'Car service', 'car', 240),
  ('education', 'service', 'Обучение и репетиторы', 'Tutoring and courses', 'school', 250),
  ('moving', 'service', 'Доставка и переезды', 'Delivery and moving', 'truck', 260),
  ('photo', 'service', 'Фото и видео', 'Photo and video', 'camera', 270)
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
INSERT INTO "ad_categories" ("slug", "name", "name_en", "icon", "position") VALUES
  ('transport', 'Транспорт', 'Vehicles', 'car', 10),
  ('realty', 'Недвижимость', 'Real estate', 'home', 20),
  ('electronics', 'Электроника', 'Electronics', 'laptop', 30),
  ('home-garden', 'Для дома и дачи', 'Home and garden', 'sofa', 40),
  ('personal', 'Личные вещи', 'Personal items', 'shirt', 50),
  ('hobby', 'Хобби и отдых', 'Hobbies and leisure', 'guitar', 60),
  ('animals', 'Животные', 'Animals', 'paw', 70),
  ('jobs', 'Работа', 'Jobs', 'briefcase', 80),
  ('services', 'Услуги', 'Services', 'tools', 90),
  ('kids', 'Детские товары', 'For kids', 'toy', 100)
ON CONFLICT ("slug") DO NOTHING;
