import type { Config } from './config'
import type { Db } from './db/types'

/**
 * The operator CLI's command registry (`npm run admin -- <command> ...`). A module adds its commands
 * in its own admin.ts by calling registerAdminCommand at import, and admin.ts imports that file.
 */
export interface AdminContext {
  config: Config
  db: Db
  /** Prints one line to the operator. */
  out: (line: string) => void
}

export type AdminCommand = (args: string[], ctx: AdminContext) => Promise<void>

interface Entry {
  name: string
  help: string
  fn: AdminCommand
}

const commands = new Map<string, Entry>()

/** help: usage and a short description, e.g. 'ship <orderNo> <expressCode> <trackingNo>  发货'. */
export function registerAdminCommand(name: string, help: string, fn: AdminCommand) {
  if (commands.has(name)) throw new Error(`admin command ${name} is already registered`)
  commands.set(name, { name, help, fn })
}

export const adminCommandList = (): Entry[] => [...commands.values()].sort((a, b) => a.name.localeCompare(b.name))

export function usage(): string {
  return ['用法: npm run admin -- <命令> [参数...]', '', ...adminCommandList().map((c) => `  ${c.help}`)].join('\n')
}

/** Runs one command; returns the exit code (0 ok, 1 refused, 2 unknown command). Refusals print their message. */
export async function runAdminCommand(argv: string[], ctx: AdminContext): Promise<number> {
  const [name, ...args] = argv
  const cmd = name ? commands.get(name) : undefined
  if (!cmd) {
    ctx.out(name && name !== 'help' ? `未知命令：${name}\n\n${usage()}` : usage())
    return name && name !== 'help' ? 2 : 0
  }
  try {
    await cmd.fn(args, ctx)
    return 0
  } catch (err: any) {
    ctx.out(`失败：${err?.message || err}`)
    return 1
  }
}
