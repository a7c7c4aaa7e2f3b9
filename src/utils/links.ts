import { navigateTo, type Query } from '@/core/nav'

/** Opens an in-app link from the server ("/pages/x?y=1"): tab pages switch tab, others open with their query. */
export function openLink(link: string) {
  if (!link) return
  const [path, search = ''] = link.split('?')
  const query: Query = {}
  for (const part of search.split('&').filter(Boolean)) {
    const [k, v = ''] = part.split('=')
    query[decodeURIComponent(k)] = decodeURIComponent(v)
  }
  return navigateTo(path, query)
}
