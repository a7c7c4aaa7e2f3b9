import postcss from 'postcss'
const textScale = require('../../../config/postcssTextScale.js')

const run = async (css: string) => (await postcss([textScale()]).process(css, { from: undefined })).css

/** 大字模式: font sizes (and line heights given as lengths) follow --text-scale; nothing else changes. */
describe('postcss text scale', () => {
  it('multiplies lengths and variables, keeps !important', async () => {
    expect(await run('a{font-size:28px;line-height:40px;width:100px}')).toBe('a{font-size:calc(28px * var(--text-scale, 1));line-height:calc(40px * var(--text-scale, 1));width:100px}')
    expect(await run('b{font-size:10PX !important}')).toBe('b{font-size:calc(10PX * var(--text-scale, 1)) !important}')
    expect(await run('c{font-size:var(--nutui-font-size-s)}')).toBe('c{font-size:calc(var(--nutui-font-size-s) * var(--text-scale, 1))}')
  })

  it("multiplies NutUI's sizes: a variable that falls back to a length (buttons, tab titles, grid labels)", async () => {
    expect(await run('.nut-button{font-size:var(--nutui-button-default-font-size, var(--nutui-font-size-base, 14px))}')).toBe(
      '.nut-button{font-size:calc(var(--nutui-button-default-font-size, var(--nutui-font-size-base, 14px)) * var(--text-scale, 1))}',
    )
    expect(await run('.nut-grid-item-text{font-size:var(--nutui-grid-item-text-font-size, 12px)}')).toBe(
      '.nut-grid-item-text{font-size:calc(var(--nutui-grid-item-text-font-size, 12px) * var(--text-scale, 1))}',
    )
    // A unitless line height stays a ratio of the (already scaled) font size.
    expect(await run('.nut-button{line-height:var(--nutui-button-default-line-height, 1)}')).toBe('.nut-button{line-height:var(--nutui-button-default-line-height, 1)}')
  })

  it('leaves relative values, keywords, unitless line heights and calc() alone', async () => {
    const css = 'd{font-size:1.2em;line-height:1.6}e{font-size:inherit}f{font-size:calc(1rem + 2px)}g{font-size:120%}'
    expect(await run(css)).toBe(css)
  })
})
