import type { Db } from '../../db/types'
import type { BusinessCard, BusinessCardPublic, BusinessCardSaveRequest } from '../../../../types/businessCard'
import { CARD_MAX_PER_MEMBER } from '../../../../types/businessCard'
import { AppError, ErrorCode, notFound } from '../../errors'
import { MOBILE_RE } from '../member/service'
import { storedFilePath } from '../../services/storedPath'

/** Landline: optional area code (0 + 2-3 digits), 7-8 digits, optional extension (the client's isLandline). */
export const LANDLINE_RE = /^(?:0\d{2,3}-?)?[2-9]\d{6,7}(?:-\d{1,6})?$/
/** WeChat id: 6-20 characters, a letter first, then letters, digits, - or _ (a mobile number is accepted too). */
export const WECHAT_RE = /^[a-zA-Z][-_a-zA-Z0-9]{5,19}$/
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)
const cols = ['id', 'name', 'title', 'company', 'phone', 'wechat', 'email', 'address', 'avatar', 'intro', 'views', 'createdAt', 'updatedAt'] as const

export async function list(db: Db, memberId: number): Promise<BusinessCard[]> {
  return db
    .selectFrom('businessCards')
    .select([...cols])
    .where('memberId', '=', memberId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** The owner's card for editing; another member's card answers "not found". */
export async function detail(db: Db, memberId: number, id: number): Promise<BusinessCard> {
  const row = await db
    .selectFrom('businessCards')
    .select([...cols])
    .where('id', '=', id)
    .where('memberId', '=', memberId)
    .executeTakeFirst()
  if (!row) throw notFound('名片不存在')
  return row
}

/** The shared card: anyone with its id reads it (the owner shares it on purpose); a visitor's read counts a view. */
export async function preview(db: Db, id: number, viewer: number | null): Promise<BusinessCardPublic> {
  const row = await db
    .selectFrom('businessCards')
    .select([...cols, 'memberId'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound('名片不存在或已删除')
  const isOwner = viewer === row.memberId
  if (!isOwner) {
    await db
      .updateTable('businessCards')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .execute()
    row.views += 1
  }
  const { createdAt, ...rest } = row
  return { ...rest, isOwner }
}

export function validateCard(input: BusinessCardSaveRequest) {
  const s = (v: unknown) => String(v ?? '').trim()
  const card = {
    name: s(input.name),
    title: s(input.title),
    company: s(input.company),
    phone: s(input.phone).replace(/\s+/g, ''),
    wechat: s(input.wechat),
    email: s(input.email),
    address: s(input.address),
    avatar: s(input.avatar),
    intro: s(input.intro),
  }
  if (!card.name) throw bad('请输入姓名')
  if (card.name.length > 20) throw bad('姓名不能超过20个字')
  if (card.title.length > 20) throw bad('职位不能超过20个字')
  if (card.company.length > 40) throw bad('公司名称不能超过40个字')
  if (!card.phone) throw bad('请输入电话')
  if (!MOBILE_RE.test(card.phone) && !LANDLINE_RE.test(card.phone)) throw bad('请输入正确的手机号或座机号')
  if (card.wechat && !WECHAT_RE.test(card.wechat) && !MOBILE_RE.test(card.wechat)) throw bad('微信号格式不正确')
  if (card.email && (!EMAIL_RE.test(card.email) || card.email.length > 64)) throw bad('邮箱格式不正确')
  if (card.address.length > 100) throw bad('地址不能超过100个字')
  if (card.intro.length > 300) throw bad('简介不能超过300个字')
  if (card.avatar) {
    if (!storedFilePath(card.avatar)) throw bad('头像地址无效，请重新上传')
  }
  return card
}

/** Creates a card (at most 10 per member) or edits one's own. */
export async function save(db: Db, memberId: number, input: BusinessCardSaveRequest): Promise<BusinessCard> {
  const card = validateCard(input)
  const t = Date.now()
  if (input.id) {
    const res = await db
      .updateTable('businessCards')
      .set({ ...card, updatedAt: t })
      .where('id', '=', input.id)
      .where('memberId', '=', memberId)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw notFound('名片不存在')
    return detail(db, memberId, input.id)
  }
  const n = await db
    .selectFrom('businessCards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberId', '=', memberId)
    .executeTakeFirst()
  if (Number(n?.n || 0) >= CARD_MAX_PER_MEMBER) throw bad(`最多创建${CARD_MAX_PER_MEMBER}张名片`)
  const row = await db
    .insertInto('businessCards')
    .values({ memberId, ...card, views: 0, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  return detail(db, memberId, row.id)
}

export async function remove(db: Db, memberId: number, id: number) {
  const res = await db.deleteFrom('businessCards').where('id', '=', id).where('memberId', '=', memberId).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw notFound('名片不存在')
  return { deleted: true }
}
