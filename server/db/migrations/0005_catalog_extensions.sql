-- Trigram indexes (typo-tolerant search) need pg_trgm; PGlite loads it, PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
