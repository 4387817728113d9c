-- The two large search indexes hold 32 MB of pending terms before writing
-- a segment, not 64 MB (0003, 0007). Since a bulk publish no longer writes
-- a segment per skill (0011), the 64 MB filled up before any was written:
-- a 20,000-skill publish peaked at 405 MB, against 334 MB with 32 MB, in
-- 0.91 of the time (docs/benchmarks.md, Bulk publish); it left three to
-- five segments per index, fewer than the eight after which publishing
-- merges them.
INSERT INTO search (search, rank) VALUES ('hashsize', 33554432);
INSERT INTO skill_text (skill_text, rank) VALUES ('hashsize', 33554432);
