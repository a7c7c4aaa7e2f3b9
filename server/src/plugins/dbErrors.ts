/** True when an error means the database cannot be reached (PostgreSQL down or restarting, SQLite locked for too long). */
export function isDatabaseUnavailable(err: any): boolean {
  const code = String(err?.code || '')
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'SQLITE_BUSY', 'SQLITE_LOCKED'].includes(code)) return true
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections.
  if (['57P01', '57P02', '57P03', '53300', '08006', '08001', '08003', '08004'].includes(code)) return true
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(String(err?.message || ''))
}
