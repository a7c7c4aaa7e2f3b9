/** A count for display: 12345 → "1.2万"; below 10000 as is (goods sales). */
export const salesText = (n: number) => (n >= 10000 ? `${(Math.floor(n / 1000) / 10).toFixed(1)}万` : String(n))
