-- Intentionally empty. A trigram index on messages.content was tried here and left out before
-- release: it cost every message insert (about a tenth of a send on PGlite) to speed up the
-- console's occasional search, which only scans support conversations' messages.
SELECT 1;
