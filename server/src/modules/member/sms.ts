import type { FastifyBaseLogger } from 'fastify'

/** Where verification codes go. Production plugs a real SMS gateway in here. */
export interface SmsProvider {
  send(phone: string, code: string): Promise<void>
}

/** The default provider: writes the code to the server log (demo and tests read it there). */
export const logSmsProvider = (log: FastifyBaseLogger): SmsProvider => ({
  async send(phone, code) {
    log.info({ sms: { phone, code } }, `sms code ${code} for ${phone}`)
  },
})
