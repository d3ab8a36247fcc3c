-- The shared rate-limit store's table (rate-limiter-flexible's layout), made here rather than by each
-- limiter at start: several limiters creating it at once race ("type already exists").
CREATE TABLE IF NOT EXISTS "rate_limiter_windows" (
	"key" varchar(255) PRIMARY KEY,
	"points" integer NOT NULL DEFAULT 0,
	"expire" bigint
);
