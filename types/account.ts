/** Account logoff (/api/member/agentLogoffHint, /api/member/logoff, /api/member/cancelLogoff). Rules: docs/after-sales.md. */
export interface LogoffHint {
  isAgent: boolean
  /** What logoff means for the member's agent shop ('' for a plain member). */
  hint: string
  /** Reasons logoff cannot start now (unfinished orders, after-sales in progress). */
  blockers: string[]
  /** What is lost: cashback balance and points. */
  warnings: string[]
  /** The cooling-off period (LOGOFF_COOLING_DAYS). */
  coolingDays: number
  /** When a pending logoff takes effect (null: none pending). */
  logoffAt: number | null
}

export interface LogoffResponse {
  logoffAt: number
  coolingDays: number
}
