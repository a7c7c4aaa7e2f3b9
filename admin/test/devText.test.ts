// The developer-text checker the console and shop walks run on every page (test/e2e/devText.mjs): each kind of
// developer text is caught, so a walk cannot pass because the checker sees nothing; plain Chinese, brand names and
// data (order numbers, links, host names) pass.
// @ts-expect-error -- a plain ES module of the e2e tests, without types
import { devTokens } from '../../test/e2e/devText.mjs'

const kinds = (text: string) => devTokens(text).map((t: { kind: string; token: string }) => `${t.kind} ${t.token}`)

describe('devTokens', () => {
  it('catches snake_case, environment variable and file names', () => {
    expect(kinds('签到 sign_in（每日签到）')).toEqual(['snake sign_in'])
    expect(kinds('请设置 SETTINGS_KEY 后再保存')).toEqual(['snake SETTINGS_KEY'])
    expect(kinds('上传 apiclient_key.pem')).toEqual(['snake apiclient_key.pem'])
  })
  it('catches dotted names', () => {
    expect(kinds('操作 order.ship')).toEqual(['dotted order.ship'])
    expect(kinds('settings.message.official')).toEqual(['dotted settings.message.official'])
  })
  it('catches camelCase names', () => {
    expect(kinds('对象类型 agentRules')).toEqual(['camel agentRules'])
  })
  it('catches raw JSON', () => {
    expect(kinds('修改后 {"status": "on", "stock": 3}')).toContain('json {"status":')
    expect(kinds('[ "a": 1')).toContain('json [ "a":')
  })
  it('catches English words outside the allow-list', () => {
    expect(kinds('submit → 待付款')).toEqual(['english submit'])
    expect(kinds('sandbox sandbox')).toEqual(['english sandbox'])
    expect(kinds('2026-11-27 10:00 · member')).toEqual(['english member'])
    expect(kinds('Refund closed')).toEqual(['english Refund', 'english closed'])
  })
  it('passes plain Chinese, brand names, codes and addresses', () => {
    expect(kinds('下单 → 待付款 · 买家')).toEqual([])
    expect(kinds('微信支付（WeChat）· 手机 App · 会员 ID 12 · SKU 编码 A1 · 导出 CSV · IP 127.0.0.1 · H5')).toEqual([])
    expect(kinds('订单号 202611271234567 运单 SF1234567890 交易号 SBP20261127')).toEqual([])
    expect(kinds('链接 https://work.weixin.qq.com/kfid/abc_def 与 mp.weixin.qq.com')).toEqual([])
    expect(kinds('联系 ops@example.com · Windows · Chrome 120 · iPhone · XL 码')).toEqual([])
  })
})

describe('devTokens data words', () => {
  it('leaves the screen’s own data alone, and only as a whole word', () => {
    expect(kinds('2026-11-27 10:00 · admin')).toEqual(['english admin'])
    expect(devTokens('2026-11-27 10:00 · admin', { data: ['admin'] })).toEqual([])
    expect(devTokens('administrator · admin', { data: ['admin'] }).map((t: { token: string }) => t.token)).toEqual(['administrator'])
  })
})
