import type { ReactNode } from 'react'
import { Collapse } from 'antd'

/**
 * 技术说明: the detail for the person who deploys the shop (environment variables, file names), folded away so the
 * merchant reads only what to do and whom to ask (issue 33). Its content is drawn only once opened.
 */
export function TechNote({ children, style }: { children: ReactNode; style?: React.CSSProperties }) {
  return <Collapse size='small' ghost style={style} items={[{ key: 'tech', label: '技术说明', children }]} />
}
