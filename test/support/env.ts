// Every test process checks responses against the spec (VALIDATE_RESPONSES=false runs a file as
// production runs, without the check) and keeps its logs quiet.
process.env.VALIDATE_RESPONSES ??= 'true';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
