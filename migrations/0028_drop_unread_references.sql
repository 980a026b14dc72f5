-- Which products and which patient each movement names were kept in two tables that no read
-- used once deletes were guarded by the event store's references between streams
-- (stream_links). The projection no longer writes them.
DROP TABLE IF EXISTS product_references;
DROP TABLE IF EXISTS patient_references;
