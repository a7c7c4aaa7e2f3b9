/**
 * The home page as the shop draws it from these lists: search bar (first hot word), banner, icon entries
 * (five a row), notice bar, goods sections; only what is on and inside its schedule now, by sort then id.
 */
import { useEffect, useState } from 'react'
import { SearchOutlined, SoundOutlined } from '@ant-design/icons'
import type { AdminGoodsDetail } from '@contract/adminGoods'
import type { AdminBanner, AdminHotWord, AdminNav, AdminNotice, AdminSection } from '@contract/adminStorefront'
import { goodsDetail } from '../../api/goods'
import { fenToYuan } from '../../core/money'
import { useLatest } from '../../hooks/useLatest'

type Scheduled = { status?: string; startAt?: number | null; endAt?: number | null; sort: number; id: number }
/** What the shop shows now, in the shop's order. */
export function liveNow<T extends Scheduled>(rows: T[], now = Date.now()): T[] {
  return rows.filter((r) => (r.status === undefined || r.status === 'on') && (!r.startAt || r.startAt <= now) && (!r.endAt || r.endAt > now)).sort((a, b) => a.sort - b.sort || a.id - b.id)
}

export function Preview({
  banners,
  navs,
  notices,
  sections,
  hotWords,
  dark,
}: {
  banners: AdminBanner[]
  navs: AdminNav[]
  notices: AdminNotice[]
  sections: AdminSection[]
  hotWords: AdminHotWord[]
  dark: boolean
}) {
  const liveBanners = liveNow(banners)
  const liveNavs = liveNow(navs)
  const liveSections = liveNow(sections)
  const words = liveNow(hotWords)
  const notice = notices.filter((n) => n.status === 'on').sort((a, b) => Number(b.isTop) - Number(a.isTop) || b.createdAt - a.createdAt)[0]
  const [goods, setGoods] = useState<Record<number, AdminGoodsDetail>>({})
  // Fetched when the goods the sections show change (by content, not each render's array); goods already fetched
  // (read as they are then) are skipped.
  const wanted = [...new Set(liveSections.flatMap((s) => s.goodsIds.slice(0, 4)))].join(',')
  const fetched = useLatest(goods)
  useEffect(() => {
    const missing = wanted
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((id) => !fetched.current[id])
    if (!missing.length) return
    void Promise.allSettled(missing.map((id) => goodsDetail(id))).then((rs) =>
      setGoods((g) => ({ ...g, ...Object.fromEntries(rs.flatMap((r) => (r.status === 'fulfilled' ? [[r.value.id, r.value]] : []))) })),
    )
  }, [wanted, fetched])

  const bg = dark ? '#141414' : '#f5f5f5'
  const card = dark ? '#1f1f1f' : '#fff'
  const text = dark ? 'rgba(255,255,255,.85)' : '#333'
  return (
    <div data-testid='storefront-preview' style={{ width: 320, border: '8px solid #333', borderRadius: 28, overflow: 'hidden', background: bg, color: text, fontSize: 12, margin: '0 auto' }}>
      <div style={{ background: '#e93b3d', padding: '10px 12px' }}>
        <div style={{ background: '#fff', borderRadius: 16, padding: '6px 12px', color: '#666' }}>
          <SearchOutlined /> {words[0]?.word || '搜索商品'}
        </div>
      </div>
      {liveBanners[0] ? (
        <div style={{ position: 'relative', margin: 8 }}>
          <img src={liveBanners[0].image} alt={liveBanners[0].title} style={{ width: '100%', height: 130, objectFit: 'cover', borderRadius: 8, display: 'block' }} />
          <div style={{ position: 'absolute', bottom: 6, width: '100%', textAlign: 'center' }}>
            {liveBanners.map((b, i) => (
              <span key={b.id} style={{ display: 'inline-block', width: i === 0 ? 12 : 5, height: 5, borderRadius: 3, margin: '0 2px', background: i === 0 ? '#fff' : 'rgba(255,255,255,.6)' }} />
            ))}
          </div>
        </div>
      ) : (
        <div style={{ margin: 8, height: 60, borderRadius: 8, border: '1px dashed #999', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>无生效的轮播图</div>
      )}
      {liveNavs.length > 0 && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 8, background: card, margin: 8, padding: 8, borderRadius: 8 }}>
          {liveNavs.slice(0, 10).map((n) => (
            <div key={n.id} style={{ textAlign: 'center' }}>
              <img src={n.icon} alt='' style={{ width: 32, height: 32, objectFit: 'cover', borderRadius: 16 }} />
              <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{n.title}</div>
            </div>
          ))}
        </div>
      )}
      {notice && (
        <div style={{ background: card, margin: 8, padding: '6px 8px', borderRadius: 8, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          <SoundOutlined style={{ color: '#e93b3d' }} /> {notice.title}
        </div>
      )}
      {liveSections.map((s) => (
        <div key={s.id} style={{ background: card, margin: 8, padding: 8, borderRadius: 8 }}>
          <div style={{ fontWeight: 600, marginBottom: 6 }}>{s.title}</div>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 6 }}>
            {s.goodsIds.slice(0, 4).map((id) => {
              const g = goods[id]
              return (
                <div key={id}>
                  {g ? <img src={g.images[0]} alt='' style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 4 }} /> : <div style={{ aspectRatio: '1', background: bg }} />}
                  <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{g?.name || `#${id}`}</div>
                  {g && <div style={{ color: '#e93b3d' }}>¥{fenToYuan(g.price)}</div>}
                </div>
              )
            })}
          </div>
        </div>
      ))}
      <div style={{ height: 16 }} />
    </div>
  )
}
