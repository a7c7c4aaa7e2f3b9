import { richHtml } from '@/utils/richHtml'

it('makes rich-text images fit the width and keeps their server path', () => {
  const html = richHtml('<p>说明</p><img src="/media/goods/g1-d1.svg" /><img style="width:10px" src="/media/x.svg">')
  expect(html).toContain('<img src="/media/goods/g1-d1.svg" alt="" style="max-width:100%;width:100%;height:auto;display:block;" />')
  expect(html).not.toContain('width:10px')
  expect(html).toContain('<p style=')
})

it('gives rich-text images the goods name as their text alternative, keeping one already written', () => {
  const html = richHtml('<img src="/media/goods/g1-d1.svg" /><img alt="尺码表" src="/media/x.svg">', '法式连衣裙 详情图')
  expect(html).toContain('<img src="/media/goods/g1-d1.svg" alt="法式连衣裙 详情图" style=')
  expect(html).toContain('<img alt="尺码表" src="/media/x.svg" style=')
})
