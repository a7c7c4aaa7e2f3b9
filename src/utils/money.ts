/** Fen to a yuan string with two decimals: 12990 → "129.90". */
export const yuan = (fen: number | null | undefined): string => ((Number(fen) || 0) / 100).toFixed(2)

/** What an order cost: 「¥12.00」, or 「¥12.00 + 1200 积分」 when points were paid beside the cash (a points-mall order). */
export const cashAndPoints = (fen: number, points = 0): string => (points > 0 ? `¥${yuan(fen)} + ${points} 积分` : `¥${yuan(fen)}`)
