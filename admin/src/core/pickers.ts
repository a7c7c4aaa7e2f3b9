/** The pickers' rules that hold logic of their own (tested in admin/test/pickers.test.ts). */

/** The phones in pasted text (one per line, or separated by commas / spaces), once each, and the words that are not phones. */
export function pastedPhones(text: string): { phones: string[]; wrong: string[] } {
  const words = text
    .split(/[\s,，;；、]+/)
    .map((w) => w.trim())
    .filter(Boolean)
  return { phones: [...new Set(words.filter((w) => /^1\d{10}$/.test(w)))], wrong: words.filter((w) => !/^1\d{10}$/.test(w)) }
}

/**
 * What the member picker says when a search finds nobody: a phone is looked up whole (`GET members` matches the
 * 11 digits exactly, on its index), so a part of one asks for the rest.
 */
export function memberSearchHint(keyword: string): string {
  const k = keyword.trim()
  if (/^1\d{3,9}$/.test(k)) return '请输入完整的 11 位手机号'
  return '没有找到会员'
}
