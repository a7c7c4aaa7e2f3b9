import { yuan } from './money'

/** "300积分" or "200积分+¥9.90" */
export const pointsPrice = (points: number, cash: number) => (cash > 0 ? `${points}积分+¥${yuan(cash)}` : `${points}积分`)
