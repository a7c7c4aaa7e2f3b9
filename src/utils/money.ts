/** Fen to a yuan string with two decimals: 12990 → "129.90". */
export const yuan = (fen: number | null | undefined): string => ((Number(fen) || 0) / 100).toFixed(2)
