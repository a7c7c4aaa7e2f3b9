import { useEffect, useState } from 'react'
import { usePageParams } from '@/core/nav'
import { decodeScene } from '@/platform/scene'

/**
 * The page's query, with what a mini-program code's scene carries when the page was opened from one (a poster's code
 * puts the page's query in `scene`: a compact one decodes at once, a stored one is asked from the server). The query's
 * own keys win. `needed` says whether the scene must be read at all (not when the query already names the record);
 * `decoding` is true until it is.
 */
export function useSceneParams<T extends Record<string, string>>(needed: (params: Partial<T>) => boolean = () => true): { params: Partial<T>; decoding: boolean } {
  const direct = usePageParams<T & { scene: string }>()
  const scene = direct.scene && needed(direct) ? direct.scene : ''
  const [decoded, setDecoded] = useState<{ scene: string; query: Record<string, string> } | null>(null)
  useEffect(() => {
    if (!scene) return
    let current = true
    decodeScene(scene).then(
      (query) => current && setDecoded({ scene, query }),
      () => current && setDecoded({ scene, query: {} }),
    )
    return () => {
      current = false
    }
  }, [scene])
  const ready = !!scene && decoded?.scene === scene
  return { params: ready ? ({ ...decoded!.query, ...direct } as Partial<T>) : direct, decoding: !!scene && !ready }
}
