import crypto from 'node:crypto'
import { normaliseQuery } from '../../../types/scene'

export { SCENE_MAX, compactScene, normaliseQuery, parseScene, type SceneQuery } from '../../../types/scene'

/** The share_scenes key of a query that needs storing: 12 base64url characters of its SHA-256. */
export const storedSceneKey = (query: Record<string, unknown>): string =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(normaliseQuery(query)))
    .digest('base64url')
    .slice(0, 12)
