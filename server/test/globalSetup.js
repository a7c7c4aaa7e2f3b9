// pg_trgm lives in the public schema once, so every test schema (search_path "t_x, public") can use it.
module.exports = async () => {
  process.env.NODE_ENV = 'test'
  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const { Client } = require('pg')
  const c = new Client({ connectionString: url })
  await c.connect()
  await c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => {})
  await c.end()
}
