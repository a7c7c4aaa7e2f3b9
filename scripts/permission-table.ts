// Writes the roles and permissions table of docs/console.md from the server's declared list (run: npx tsx scripts/permission-table.ts).
import fs from 'node:fs'
import path from 'node:path'
import { withPermissionTable } from '../server/src/admin/permissionTable'

const file = path.join(__dirname, '..', 'docs', 'console.md')
fs.writeFileSync(file, withPermissionTable(fs.readFileSync(file, 'utf8')))
