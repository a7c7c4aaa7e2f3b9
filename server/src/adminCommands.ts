import type { AdminCommandDef, AdminContext } from './modules/shopModule'
import { adminCommands, installModules } from './modules'

export type { AdminCommand, AdminCommandDef, AdminContext } from './modules/shopModule'

/**
 * The operator CLI's runner (`npm run admin -- <command> ...`). Each module lists its commands in its commands.ts
 * (ShopModule.commands); modules/index.ts puts them in one list, `adminCommands`.
 */
export const adminCommandList = (commands: readonly AdminCommandDef[] = adminCommands): AdminCommandDef[] => [...commands].sort((a, b) => a.name.localeCompare(b.name))

export function usage(commands: readonly AdminCommandDef[] = adminCommands): string {
  return ['用法: npm run admin -- <命令> [参数...]', '', ...adminCommandList(commands).map((c) => `  ${c.help}`)].join('\n')
}

/** Runs one command; returns the exit code (0 ok, 1 refused, 2 unknown command). Refusals print their message. The modules' contributions are composed when the caller gives none. */
export async function runAdminCommand(
  argv: string[],
  given: Omit<AdminContext, 'modules'> & Partial<Pick<AdminContext, 'modules'>>,
  commands: readonly AdminCommandDef[] = adminCommands,
): Promise<number> {
  const ctx: AdminContext = { ...given, modules: given.modules ?? installModules() }
  const [name, ...args] = argv
  const cmd = name ? commands.find((c) => c.name === name) : undefined
  if (!cmd) {
    ctx.out(name && name !== 'help' ? `未知命令：${name}\n\n${usage(commands)}` : usage(commands))
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
