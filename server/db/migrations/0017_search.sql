-- Search finds what people mean (issue 14): category and business names join each row's document, every
-- name word also carries a transliteration key (so «галакси» meets "Galaxy"), and staff keep a synonym list
-- the search expands queries with. The documents were generated columns, which cannot read other tables,
-- so triggers keep them now; the functions below are the one definition of a document.

-- A word's consonant skeleton in Latin letters, the same for its Cyrillic and Latin spellings:
-- Cyrillic is transliterated, English spellings are simplified (ph→f, x→ks, c→k or s, …), then vowels
-- go, f/v and z/s merge and doubled letters collapse («макбук» and "macbook" both give mkbk).
CREATE FUNCTION search_translit_key(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(translate(replace(regexp_replace(s.k, '[aeiouy]', '', 'g'), 'tsts', 'ts'), 'fz', 'vs'), '(.)\1+', '\1', 'g')
  FROM (SELECT CASE WHEN w ~ '[а-яё]' THEN
      translate(replace(replace(replace(replace(replace(replace(w, 'ж', 'zh'), 'х', 'h'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'щ', 'sh'),
                'абвгдеёзийклмнопрстуфыэюяъь', 'abvgdeeziiklmnoprstufieua')
    ELSE
      replace(replace(regexp_replace(regexp_replace(
        replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(w,
          'tion', 'shn'), 'sch', 'sh'), 'tch', 'ch'), 'ph', 'f'), 'ck', 'k'), 'th', 't'), 'zz', 'ts'), 'x', 'ks'), 'qu', 'kv'), 'q', 'k'), 'w', 'v'), 'j', 'dzh'),
        'ch', '#', 'g'), 'c(?=[eiy])', 's', 'g'), 'c', 'k'), '#', 'ch')
    END AS k FROM (SELECT lower(word) AS w) AS l) AS s
$$;--> statement-breakpoint
-- The keys of a text's words (three consonants or more, else they meet too many words), marked with the
-- script they come from: a query word looks only at keys of the other script.
CREATE FUNCTION search_translit_keys(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT (CASE WHEN w ~ '[а-яё]' THEN 'c~' ELSE 'l~' END) || k), '{}')
  FROM regexp_split_to_table(lower(coalesce(t, '')), '[^a-zа-яё]+') AS w, search_translit_key(w) AS k
  WHERE char_length(k) >= 3
$$;--> statement-breakpoint
-- The document of a row: its name (A), its categories' names (B), its business's name (C), its description
-- (D), each parsed Russian and English; names also carry their transliteration keys at their weight.
CREATE FUNCTION catalog_search_document(name text, categories text, business text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('russian'::regconfig, coalesce(name, '')) || to_tsvector('english'::regconfig, coalesce(name, ''))
           || array_to_tsvector(search_translit_keys(name)), 'A')
    || setweight(to_tsvector('russian'::regconfig, coalesce(categories, '')) || to_tsvector('english'::regconfig, coalesce(categories, ''))
           || array_to_tsvector(search_translit_keys(categories)), 'B')
    || setweight(to_tsvector('russian'::regconfig, coalesce(business, '')) || to_tsvector('english'::regconfig, coalesce(business, ''))
           || array_to_tsvector(search_translit_keys(business)), 'C')
    || setweight(to_tsvector('russian'::regconfig, coalesce(description, '')) || to_tsvector('english'::regconfig, coalesce(description, '')), 'D')
$$;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
CREATE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  section text;
  business_name text;
  business_category text;
BEGIN
  SELECT pc.name || ' ' || coalesce(pc.name_en, '') INTO section FROM product_categories pc WHERE pc.id = NEW.category_id;
  SELECT b.name || ' ' || coalesce(b.name_en, ''), bc.name || ' ' || coalesce(bc.name_en, '') INTO business_name, business_category
    FROM businesses b JOIN business_categories bc ON bc.id = b.category_id WHERE b.id = NEW.business_id;
  NEW.search_vector := catalog_search_document(NEW.name || ' ' || coalesce(NEW.name_en, ''), coalesce(section, '') || ' ' || coalesce(business_category, ''),
    business_name, NEW.description || ' ' || coalesce(NEW.description_en, ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_document BEFORE INSERT OR UPDATE OF name, name_en, description, description_en, category_id, business_id
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_document();--> statement-breakpoint
CREATE FUNCTION businesses_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category text;
BEGIN
  SELECT bc.name || ' ' || coalesce(bc.name_en, '') INTO category FROM business_categories bc WHERE bc.id = NEW.category_id;
  -- A business is what its category says ("a pet shop"), so the category weighs as its name does.
  NEW.search_vector := catalog_search_document(NEW.name || ' ' || coalesce(NEW.name_en, '') || ' ' || coalesce(category, ''), '', '',
    NEW.description || ' ' || coalesce(NEW.description_en, ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER businesses_search_document BEFORE INSERT OR UPDATE OF name, name_en, description, description_en, category_id
  ON businesses FOR EACH ROW EXECUTE FUNCTION businesses_search_document();--> statement-breakpoint
CREATE FUNCTION ads_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category text;
BEGIN
  SELECT ac.name || ' ' || coalesce(ac.name_en, '') INTO category FROM ad_categories ac WHERE ac.id = NEW.category_id;
  NEW.search_vector := catalog_search_document(NEW.title || ' ' || coalesce(NEW.title_en, ''), category, '', NEW.description || ' ' || coalesce(NEW.description_en, ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER ads_search_document BEFORE INSERT OR UPDATE OF title, title_en, description, description_en, category_id
  ON ads FOR EACH ROW EXECUTE FUNCTION ads_search_document();--> statement-breakpoint
-- A renamed business, section or category rewrites the documents that hold its name (setting a column to
-- itself fires the row's own trigger above).
CREATE FUNCTION businesses_search_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET business_id = business_id WHERE business_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER businesses_search_cascade AFTER UPDATE OF name, name_en, category_id ON businesses FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION businesses_search_cascade();--> statement-breakpoint
CREATE FUNCTION product_categories_search_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_categories_search_cascade AFTER UPDATE OF name, name_en ON product_categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_en IS DISTINCT FROM NEW.name_en)
  EXECUTE FUNCTION product_categories_search_cascade();--> statement-breakpoint
CREATE FUNCTION business_categories_search_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET category_id = category_id WHERE category_id = NEW.id;
  UPDATE products SET business_id = business_id WHERE business_id IN (SELECT id FROM businesses WHERE category_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER business_categories_search_cascade AFTER UPDATE OF name, name_en ON business_categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_en IS DISTINCT FROM NEW.name_en)
  EXECUTE FUNCTION business_categories_search_cascade();--> statement-breakpoint
CREATE FUNCTION ad_categories_search_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ads SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ad_categories_search_cascade AFTER UPDATE OF name, name_en ON ad_categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_en IS DISTINCT FROM NEW.name_en)
  EXECUTE FUNCTION ad_categories_search_cascade();--> statement-breakpoint
UPDATE businesses SET category_id = category_id;--> statement-breakpoint
UPDATE products SET business_id = business_id;--> statement-breakpoint
UPDATE ads SET category_id = category_id;--> statement-breakpoint
-- Words people use for the same thing (or, with expansions, for the things a word covers: a brand's lines).
-- A query word that is one of the terms is also searched as every other term and every expansion.
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"expansions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "search_synonyms" ("terms", "expansions") VALUES
  ('{телефон,смартфон,мобильник,сотовый,мобильный телефон,phone,smartphone,cellphone,mobile phone}', '{}'),
  ('{телевизор,телик,телек,тв,tv,television,телевидение}', '{}'),
  ('{ноутбук,лэптоп,laptop,notebook}', '{}'),
  ('{наушники,гарнитура,headphones,earbuds,earphones,headset}', '{}'),
  ('{колонка,акустика,speaker}', '{}'),
  ('{планшет,tablet}', '{}'),
  ('{фотоаппарат,камера,фотокамера,camera}', '{}'),
  ('{часы,watch,smartwatch}', '{}'),
  ('{холодильник,fridge,refrigerator}', '{}'),
  ('{стиральная машина,стиралка,washing machine,washer}', '{}'),
  ('{велосипед,велик,bicycle,bike}', '{}'),
  ('{самокат,scooter}', '{}'),
  ('{автомобиль,машина,авто,car,automobile}', '{}'),
  ('{квартира,flat,apartment}', '{}'),
  ('{диван,софа,sofa,couch}', '{}'),
  ('{коляска,stroller,pram}', '{}'),
  ('{подгузники,памперсы,nappies,diapers}', '{}'),
  ('{баклажан,aubergine,eggplant}', '{}'),
  ('{кроссовки,sneakers,trainers}', '{}'),
  ('{кофейня,кафе,cafe,coffee shop}', '{}'),
  ('{стрижка,haircut}', '{}'),
  ('{репетитор,tutor,учитель,teacher}', '{}'),
  ('{приставка,консоль,console}', '{}'),
  ('{айфон,iphone}', '{}'),
  ('{айпад,ipad}', '{}'),
  ('{макбук,macbook}', '{}'),
  ('{аирподс,эйрподс,airpods}', '{}'),
  ('{галакси,galaxy}', '{}'),
  ('{редми,redmi}', '{}'),
  ('{плейстейшн,плойка,playstation}', '{}'),
  ('{леново,lenovo}', '{}'),
  ('{кэнон,кенон,canon}', '{}'),
  ('{лего,lego}', '{}'),
  ('{лада,lada}', '{}'),
  ('{хонда,honda}', '{}'),
  ('{фольксваген,volkswagen,vw}', '{}'),
  ('{apple,эпл,эппл}', '{iphone,macbook,ipad,airpods}'),
  ('{samsung,самсунг}', '{galaxy}'),
  ('{xiaomi,сяоми,ксиаоми}', '{redmi}'),
  ('{sony,сони}', '{playstation}'),
  ('{обувь,shoes,footwear}', '{ботинки,кроссовки,кеды,сапоги,туфли}'),
  ('{техника,electronics}', '{смартфон,ноутбук,телевизор,наушники,планшет}');
