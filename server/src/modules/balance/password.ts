import { verify } from '@node-rs/argon2'
import type { Conn, Db } from '../../db/types'
import '../../db/balanceTables'
import { AppError, ErrorCode } from '../../errors'
import { hashPassword } from '../../admin/staff'
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_TRIES, type PayPasswordSetBody, type PayPasswordStatus } from '../../../../types/balance'
import { consumeCode, sendVerificationCode } from '../member/service'
import { maskPhone } from '../member/sms'
import type { SmsProvider } from '../member/sms'

/**
 * 支付密码 (docs/balance.md "支付密码"): 6 digits, kept only as an argon2id hash (salted per hash, like the staff's
 * passwords), set and reset with an SMS code sent for this purpose to the member's own phone. A wrong try is counted
 * by one atomic update before the hash is compared (two wrong tries at once count twice; a 6th concurrent try finds
 * the lock): 5 wrong → locked for an hour; a right one resets the count.
 */
const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000
export const NOT_SET_MSG = '请先设置支付密码'

async function memberPhone(db: Conn, memberId: number): Promise<string> {
  const m = await db.selectFrom('members').select('phone').where('id', '=', memberId).executeTakeFirst()
  if (!m?.phone) throw new AppError(ErrorCode.BAD_REQUEST, '请先绑定手机号')
  return m.phone
}

const lockedMsg = (until: number, now: number) => `支付密码已锁定，请${Math.max(1, Math.ceil((until - now) / 60_000))}分钟后再试或通过短信验证码重置`

export async function payPasswordStatus(db: Conn, memberId: number, now = Date.now()): Promise<PayPasswordStatus> {
  const row = await db.selectFrom('memberPayPasswords').select('lockedUntil').where('memberId', '=', memberId).executeTakeFirst()
  const m = await db.selectFrom('members').select('phone').where('id', '=', memberId).executeTakeFirst()
  const until = row?.lockedUntil == null ? null : Number(row.lockedUntil)
  return { set: !!row, lockedUntil: until !== null && until > now ? until : null, phone: m?.phone ? maskPhone(m.phone) : '' }
}

/** Sends the code for setting or resetting the password to the member's own phone (the login code's limits apply). */
export async function sendPayPasswordCode(db: Db, sms: SmsProvider, memberId: number, ip: string) {
  return sendVerificationCode(db, sms, await memberPhone(db, memberId), ip, 'payPassword')
}

/** Sets or resets the password: the code first (wrong ones count on the code), then the hash; the count and lock cleared. */
export async function setPayPassword(db: Db, memberId: number, body: PayPasswordSetBody, now = Date.now()) {
  await consumeCode(db, await memberPhone(db, memberId), body.verificationCode, 'payPassword')
  const passwordHash = await hashPassword(body.payPassword)
  const updated = await db.updateTable('memberPayPasswords').set({ passwordHash, failedTries: 0, lockedUntil: null, updatedAt: now }).where('memberId', '=', memberId).executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('memberPayPasswords')
      .values({ memberId, passwordHash, failedTries: 0, lockedUntil: null, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column('memberId').doUpdateSet({ passwordHash, failedTries: 0, lockedUntil: null, updatedAt: now }))
      .execute()
  }
  return payPasswordStatus(db, memberId, now)
}

/**
 * Checks the member's password; throws 4010 (none set), 4013 (none given), 4012 (locked) or 4011 (wrong, with the tries
 * left). Call it on the root connection, outside the business transaction: the counted try must survive the refusal.
 */
export async function verifyPayPassword(db: Db, memberId: number, password: string | undefined, now = Date.now()): Promise<void> {
  const row = await db.selectFrom('memberPayPasswords').select(['passwordHash', 'lockedUntil']).where('memberId', '=', memberId).executeTakeFirst()
  if (!row) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET, NOT_SET_MSG)
  if (!password) throw new AppError(ErrorCode.PAY_PASSWORD_REQUIRED, '请输入支付密码')
  // A lock that has run out starts a fresh count (conditional: only that lock is cleared).
  if (row.lockedUntil != null && Number(row.lockedUntil) <= now) {
    await db.updateTable('memberPayPasswords').set({ failedTries: 0, lockedUntil: null }).where('memberId', '=', memberId).where('lockedUntil', '=', row.lockedUntil).execute()
  }
  // The try is counted before the comparison; the 5th wrong one sets the lock in the same update.
  const claimed = await db
    .updateTable('memberPayPasswords')
    .set((eb) => ({
      failedTries: eb('failedTries', '+', 1),
      lockedUntil: eb
        .case()
        .when('failedTries', '>=', PAY_PASSWORD_MAX_TRIES - 1)
        .then(now + LOCK_MS)
        .else(null)
        .end(),
    }))
    .where('memberId', '=', memberId)
    .where('failedTries', '<', PAY_PASSWORD_MAX_TRIES)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returning(['failedTries', 'lockedUntil'])
    .executeTakeFirst()
  if (!claimed) {
    const now2 = await db.selectFrom('memberPayPasswords').select('lockedUntil').where('memberId', '=', memberId).executeTakeFirst()
    throw new AppError(ErrorCode.PAY_PASSWORD_LOCKED, lockedMsg(Number(now2?.lockedUntil ?? now + LOCK_MS), now), { lockedUntil: Number(now2?.lockedUntil ?? 0) })
  }
  if (await verify(row.passwordHash, password)) {
    await db.updateTable('memberPayPasswords').set({ failedTries: 0, lockedUntil: null }).where('memberId', '=', memberId).execute()
    return
  }
  const left = PAY_PASSWORD_MAX_TRIES - Number(claimed.failedTries)
  if (left <= 0) throw new AppError(ErrorCode.PAY_PASSWORD_LOCKED, lockedMsg(now + LOCK_MS, now), { lockedUntil: Number(claimed.lockedUntil) })
  throw new AppError(ErrorCode.PAY_PASSWORD_WRONG, `支付密码错误，还可尝试${left}次`, { left })
}

/**
 * What a checkout carries into its pricing once the password was verified (before its transaction). Only objects made
 * here count: a request body cannot forge one.
 */
export interface PayPasswordProof {
  readonly memberId: number
}
const proofs = new WeakSet<PayPasswordProof>()

/** Verifies the password a submit carries (none given: nothing checked here; the balance step refuses if it spends). */
export async function payPasswordProof(db: Db, memberId: number, password: string | undefined): Promise<PayPasswordProof | undefined> {
  if (!password) return undefined
  await verifyPayPassword(db, memberId, password)
  const proof = { memberId }
  proofs.add(proof)
  return proof
}

/** The one check where the balance part of an order is taken (balancePricingStep.commit): no verified password, no spending. */
export async function requirePayPassword(db: Conn, memberId: number, proof: PayPasswordProof | undefined): Promise<void> {
  if (proof && proofs.has(proof) && proof.memberId === memberId) return
  const set = await db.selectFrom('memberPayPasswords').select('memberId').where('memberId', '=', memberId).executeTakeFirst()
  if (!set) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET, NOT_SET_MSG)
  throw new AppError(ErrorCode.PAY_PASSWORD_REQUIRED, '请输入支付密码')
}
