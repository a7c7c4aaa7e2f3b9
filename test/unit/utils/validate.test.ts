import { isMobile, isEmail, isIdCard, isPlate, isLandline, isUrl, isImage, isVideo, isAmount, isCode, isEmpty } from '@/utils/validate'

describe('validators of SPEC.md section 5', () => {
  it('mainland mobile: the exact second-digit rules', () => {
    for (const ok of [
      '13012345678',
      '15912345678',
      '18812345678',
      '19912345678',
      '14512345678',
      '14912345678',
      '16112345678',
      '16212345678',
      '16412345678',
      '16712345678',
      '17012345678',
      '17812345678',
    ])
      expect(isMobile(ok)).toBe(true)
    for (const bad of ['12012345678', '14412345678', '16012345678', '16312345678', '16812345678', '17912345678', '1381234567', '138123456789', '23812345678', '']) expect(isMobile(bad)).toBe(false)
  })
  it('e-mail', () => {
    expect(isEmail('a.b@example.com')).toBe(true)
    expect(isEmail('a@b')).toBe(false)
  })
  it('18-digit ID card with its check digit', () => {
    expect(isIdCard('11010519491231002X')).toBe(true)
    expect(isIdCard('110105194912310021')).toBe(false) // wrong check digit
    expect(isIdCard('11010519491331002X')).toBe(false) // month 13
    expect(isIdCard('11010519490230002X')).toBe(false) // 30 February
  })
  it('licence plate, landline, URL', () => {
    expect(isPlate('京A12345')).toBe(true)
    expect(isPlate('粤BD12345')).toBe(true)
    expect(isPlate('A12345')).toBe(false)
    expect(isLandline('010-88886666')).toBe(true)
    expect(isLandline('0755-8888666')).toBe(true)
    expect(isLandline('12')).toBe(false)
    expect(isUrl('https://example.com/a?b=1')).toBe(true)
    expect(isUrl('ftp://x')).toBe(false)
  })
  it('image and video extensions', () => {
    expect(isImage('a/b/c.JPG')).toBe(true)
    expect(isImage('c.mp4')).toBe(false)
    expect(isVideo('clip.mp4?x=1')).toBe(true)
    expect(isVideo('clip.png')).toBe(false)
  })
  it('amount with up to 2 decimals', () => {
    for (const ok of ['0', '1', '10.5', '10.05', 99.9]) expect(isAmount(ok)).toBe(true)
    for (const bad of ['01', '1.005', '-1', 'abc', '']) expect(isAmount(bad)).toBe(false)
  })
  it('N-digit code, default 6', () => {
    expect(isCode('123456')).toBe(true)
    expect(isCode('12345')).toBe(false)
    expect(isCode('1234', 4)).toBe(true)
  })
  it('empty values', () => {
    for (const e of ['', '  ', 0, NaN, false, null, undefined, [], {}]) expect(isEmpty(e)).toBe(true)
    for (const v of ['a', 1, true, [0], { a: 1 }]) expect(isEmpty(v)).toBe(false)
  })
})
