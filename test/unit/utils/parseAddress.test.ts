import { areaList } from '@vant/area-data'
import { matchRegion, parseAddress } from '@/utils/parseAddress'
import { codeOfNames, namesOfCode, regionPath, regionText, regionTree } from '@contract/area'

const parse = (s: string) => parseAddress(s, areaList)

describe('粘贴识别地址 (parseAddress over the national division list)', () => {
  it('splits name, phone, region and detail in the usual order', () => {
    expect(parse('张三 13800138000 山东省临沂市兰山区金雀山路10号')).toEqual({
      name: '张三',
      phone: '13800138000',
      province: '山东省',
      city: '临沂市',
      district: '兰山区',
      areaCode: '371302',
      detail: '金雀山路10号',
    })
  })

  it('takes the parts in any order, with punctuation and line breaks', () => {
    const want = { name: '李小萌', phone: '13912345678', province: '浙江省', city: '杭州市', district: '桐庐县', areaCode: '330122', detail: '迎春南路205号' }
    expect(parse('浙江省杭州市桐庐县迎春南路205号，李小萌，13912345678')).toEqual(want)
    expect(parse('13912345678\n李小萌\n浙江省 杭州市 桐庐县 迎春南路205号')).toEqual(want)
    expect(parse('李小萌；139-1234-5678；浙江省杭州市桐庐县迎春南路205号')).toEqual(want)
    expect(parse('+86 139 1234 5678 李小萌 浙江杭州桐庐迎春南路205号')).toEqual(want)
  })

  it('reads the labels WeChat and other shops copy', () => {
    expect(parse('收货人：王五\n手机号码：18612345678\n所在地区：山东省临沂市费县\n详细地址：探沂镇幸福路8号')).toEqual({
      name: '王五',
      phone: '18612345678',
      province: '山东省',
      city: '临沂市',
      district: '费县',
      areaCode: '371325',
      detail: '探沂镇幸福路8号',
    })
  })

  it('leaves out 省 / 市 / 区, or starts at the city', () => {
    expect(parse('赵六 15012345678 山东临沂兰陵县卞庄街道1号')).toMatchObject({ province: '山东省', city: '临沂市', district: '兰陵县', detail: '卞庄街道1号' })
    expect(parse('临沂市沂水县长安路3号 赵六 15012345678')).toMatchObject({ name: '赵六', province: '山东省', city: '临沂市', district: '沂水县', areaCode: '371323', detail: '长安路3号' })
    expect(parse('赵六 15012345678 杭州淳安千岛湖镇新安大街2号')).toMatchObject({ province: '浙江省', city: '杭州市', district: '淳安县', detail: '千岛湖镇新安大街2号' })
  })

  it('municipalities: named once, twice, or with no 市', () => {
    expect(parse('钱七 13700001111 北京市朝阳区建国路88号')).toMatchObject({ province: '北京市', city: '北京市', district: '朝阳区', areaCode: '110105', detail: '建国路88号' })
    expect(parse('钱七 13700001111 上海市上海市浦东新区世纪大道100号')).toMatchObject({ province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道100号' })
    expect(parse('北京海淀区中关村大街1号 钱七 13700001111')).toMatchObject({ name: '钱七', city: '北京市', district: '海淀区' })
    expect(parse('重庆市城口县葛城街道5号 钱七 13700001111')).toMatchObject({ province: '重庆市', district: '城口县', areaCode: '500229' })
  })

  it('autonomous regions and prefectures by their short names, county-level cities under their province', () => {
    expect(parse('孙八 13600001111 广西南宁青秀区民族大道1号')).toMatchObject({ province: '广西壮族自治区', city: '南宁市', district: '青秀区' })
    expect(parse('孙八 13600001111 吉林省延边延吉市光明街2号')).toMatchObject({ city: '延边朝鲜族自治州', district: '延吉市' })
    expect(parse('孙八 13600001111 湖北省仙桃市沔阳大道1号')).toMatchObject({ province: '湖北省', city: '省直辖县', district: '仙桃市', areaCode: '429004' })
  })

  it('a district alone is found only when no other district has its name', () => {
    expect(matchRegion('兰山区金雀山路10号', areaList)).toMatchObject({ province: '山东省', city: '临沂市', district: '兰山区' })
    expect(matchRegion('朝阳区建国路88号', areaList)).toBeNull() // 北京 and 长春 both have one
  })

  it('keeps what it cannot place for the shopper to fill in', () => {
    expect(parse('周九 13500001111')).toEqual({ name: '周九', phone: '13500001111', province: '', city: '', district: '', areaCode: '', detail: '' })
    expect(parse('周九 13500001111 幸福小区3栋')).toMatchObject({ name: '周九', province: '', detail: '幸福小区3栋' })
    expect(parse('')).toMatchObject({ name: '', phone: '', detail: '' })
  })
})

describe('the division list helpers (types/area.ts)', () => {
  it('has every district of 临沂 and 杭州 in the picker, with codes', () => {
    const shandong = regionTree(areaList).find((p) => p.text === '山东省')!
    const linyi = shandong.children!.find((c) => c.text === '临沂市')!
    expect(linyi.children!.map((d) => d.text)).toEqual(expect.arrayContaining(['兰山区', '罗庄区', '河东区', '沂南县', '郯城县', '沂水县', '兰陵县', '费县', '平邑县', '莒南县', '蒙阴县', '临沭县']))
    const hangzhou = regionTree(areaList)
      .find((p) => p.text === '浙江省')!
      .children!.find((c) => c.text === '杭州市')!
    expect(hangzhou.children!.map((d) => d.text)).toEqual(expect.arrayContaining(['桐庐县', '淳安县', '建德市']))
  })

  it('maps codes and names both ways, and saved addresses back to the picker path', () => {
    expect(namesOfCode(areaList, '330182')).toEqual({ province: '浙江省', city: '杭州市', district: '建德市' })
    expect(namesOfCode(areaList, '999999')).toBeNull()
    expect(namesOfCode(areaList, '330100')).toBeNull() // 杭州 has districts: a city code alone is not an address
    expect(codeOfNames(areaList, '山东省', '临沂市', '兰山区')).toBe('371302')
    expect(codeOfNames(areaList, '山东省', '临沂市', '不存在区')).toBe('')
    expect(regionPath(areaList, { province: '山东省', city: '临沂市', district: '兰山区', areaCode: '' })).toEqual(['370000', '371300', '371302'])
    expect(regionPath(areaList, { province: '山东省', city: '临沂市', district: '老地名', areaCode: '' })).toEqual(['370000', '371300'])
  })

  it('shows groupings of the list only as their places', () => {
    expect(regionText('湖北省', '省直辖县', '仙桃市')).toBe('湖北省 仙桃市')
    expect(regionText('重庆市', '县', '城口县')).toBe('重庆市 城口县')
    expect(regionText('上海市', '上海市', '浦东新区')).toBe('上海市 浦东新区')
    expect(regionText('山东省', '临沂市', '兰山区')).toBe('山东省 临沂市 兰山区')
  })
})
