import { useCallback, useEffect, useMemo, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Avatar, Card, Checkbox, Col, DatePicker, Form, Image, Input, Row, Switch, Tabs, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { AdminBanner, AdminHotWord, AdminNav, AdminNotice, AdminSection, BannerInput, HotWordInput, NavInput, NoticeInput, SectionInput } from '@contract/adminStorefront'
import { banners, hotWords, navs, notices, sections } from '../../api/storefront'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { useTheme } from '../../core/theme'
import { sortField } from '../../components/FormModal'
import { GoodsPicker } from '../../components/GoodsPicker'
import { ImageInput } from '../../components/ImagesInput'
import { LinkPicker, useLinkNames } from '../../components/LinkPicker'
import { describeLink, parseLink } from '../../core/links'
import { RichText } from '../../components/RichText'
import { Preview } from './Preview'
import { ResourceTab } from './ResourceTab'

type Range = [Dayjs | null, Dayjs | null] | null | undefined
const toRange = (startAt: number | null, endAt: number | null): Range => [startAt ? dayjs(startAt) : null, endAt ? dayjs(endAt) : null]
const fromRange = (r: Range) => ({ startAt: r?.[0]?.valueOf() ?? null, endAt: r?.[1]?.valueOf() ?? null })
/** 展示时间: 长期, or from and until on two lines (a column of 190 px, not one of 330). */
const schedule = (r: { startAt: number | null; endAt: number | null }) =>
  r.startAt || r.endAt ? (
    <>
      {r.startAt ? dateTime(r.startAt) : '不限'} 起
      <br />
      {r.endAt ? dateTime(r.endAt) : '不限'} 止
    </>
  ) : (
    '长期'
  )
const onOff = (s: string) => (s === 'on' ? <Tag color='green'>显示</Tag> : <Tag>隐藏</Tag>)

const scheduleField = (
  <Form.Item
    label='展示时间（不填为长期）'
    name='range'
    rules={[{ validator: (_, r: Range) => (r?.[0] && r?.[1] && !r[1].isAfter(r[0]) ? Promise.reject(new Error('结束时间须晚于开始时间')) : Promise.resolve()) }]}
  >
    <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format='YYYY-MM-DD HH:mm' allowEmpty={[true, true]} style={{ width: '100%' }} />
  </Form.Item>
)
const shownField = (
  <Form.Item label='显示' name='on' valuePropName='checked'>
    <Switch />
  </Form.Item>
)

export default function Storefront() {
  const writable = useSession().can('storefront.write')
  const { dark } = useTheme()
  const [data, setData] = useState<{ banners: AdminBanner[] | null; navs: AdminNav[] | null; notices: AdminNotice[] | null; sections: AdminSection[] | null; hotWords: AdminHotWord[] | null }>({
    banners: null,
    navs: null,
    notices: null,
    sections: null,
    hotWords: null,
  })
  const load = useCallback(() => {
    void run(Promise.all([banners.list(), navs.list(), notices.list(), sections.list(), hotWords.list()])).then(
      (r) => r && setData({ banners: r[0], navs: r[1], notices: r[2], sections: r[3], hotWords: r[4] }),
    )
  }, [])
  useEffect(load, [load])
  // What every banner and icon entry opens, named in one call.
  const links = useMemo(() => [...(data.banners || []), ...(data.navs || [])].map((r) => r.link).filter(Boolean), [data.banners, data.navs])
  const linkNames = useLinkNames(links)
  const opens = (link: string) => describeLink(parseLink(link), linkNames)

  const tabs = [
    {
      key: 'banners',
      label: '轮播图',
      children: (
        <ResourceTab<AdminBanner, BannerInput, { title: string; image: string; link: string; sort: number; on: boolean; range: Range }>
          name='轮播图'
          rows={data.banners}
          api={banners}
          writable={writable}
          reload={load}
          blank={{ sort: 0, on: true, link: '' }}
          columns={[
            { title: '图片', dataIndex: 'image', width: 110, render: (v: string, r: { title: string }) => <Image src={v} alt={r.title} width={96} height={40} style={{ objectFit: 'cover' }} /> },
            { title: '标题', dataIndex: 'title', width: 140, ellipsis: true },
            { title: '跳转', dataIndex: 'link', width: 170, render: (v: string) => opens(v) },
            { title: '排序', dataIndex: 'sort', width: 60 },
            { title: '状态', dataIndex: 'status', width: 70, render: onOff },
            { title: '展示时间', key: 'schedule', width: 190, render: (_, r) => schedule(r) },
          ]}
          toForm={(r) => ({ title: r.title, image: r.image, link: r.link, sort: r.sort, on: r.status === 'on', range: toRange(r.startAt, r.endAt) })}
          toInput={(v) => ({ title: (v.title || '').trim(), image: v.image, link: (v.link || '').trim(), sort: v.sort ?? 0, status: v.on ? 'on' : 'off', ...fromRange(v.range) })}
          fields={
            <>
              <Form.Item label='图片（建议 750×320）' name='image' rules={[{ required: true, message: '请上传图片' }]}>
                <ImageInput />
              </Form.Item>
              <Form.Item label='标题' name='title' rules={[{ max: 64, message: '标题最多 64 个字' }]}>
                <Input />
              </Form.Item>
              <Form.Item label='跳转' name='link'>
                <LinkPicker />
              </Form.Item>
              {sortField}
              {scheduleField}
              {shownField}
            </>
          }
        />
      ),
    },
    {
      key: 'navs',
      label: '图标入口',
      children: (
        <ResourceTab<AdminNav, NavInput, NavInput>
          name='图标入口'
          rows={data.navs}
          api={navs}
          writable={writable}
          reload={load}
          blank={{ sort: 0, link: '' }}
          columns={[
            { title: '图标', dataIndex: 'icon', width: 70, render: (v: string, r: { title: string }) => <Avatar src={v} alt={r.title} /> },
            { title: '名称', dataIndex: 'title' },
            { title: '跳转', dataIndex: 'link', width: 170, render: (v: string) => opens(v) },
            { title: '排序', dataIndex: 'sort', width: 60 },
          ]}
          toForm={(r) => r}
          toInput={(v) => ({ title: v.title.trim(), icon: v.icon, link: (v.link || '').trim(), sort: v.sort ?? 0 })}
          fields={
            <>
              <Form.Item label='图标' name='icon' rules={[{ required: true, message: '请上传图标' }]}>
                <ImageInput />
              </Form.Item>
              <Form.Item
                label='名称'
                name='title'
                rules={[
                  { required: true, whitespace: true, message: '请填写名称' },
                  { max: 16, message: '名称最多 16 个字' },
                ]}
              >
                <Input />
              </Form.Item>
              <Form.Item label='跳转' name='link'>
                <LinkPicker />
              </Form.Item>
              {sortField}
            </>
          }
        />
      ),
    },
    {
      key: 'notices',
      label: '公告',
      children: (
        <ResourceTab<AdminNotice, NoticeInput, { title: string; summary?: string; contentHtml?: string; isTop?: boolean; on: boolean }>
          name='公告'
          rows={data.notices}
          api={notices}
          writable={writable}
          reload={load}
          blank={{ on: true }}
          columns={[
            {
              title: '标题',
              dataIndex: 'title',
              render: (v: string, r) => (
                <>
                  {r.isTop && <Tag color='red'>置顶</Tag>}
                  {v}
                </>
              ),
            },
            { title: '状态', dataIndex: 'status', width: 70, render: onOff },
            { title: '发布时间', dataIndex: 'createdAt', width: 150, render: (v: number) => dateTime(v) },
          ]}
          toForm={(r) => ({ title: r.title, summary: r.summary, contentHtml: r.contentHtml, isTop: r.isTop, on: r.status === 'on' })}
          toInput={(v) => ({ title: v.title.trim(), summary: (v.summary || '').trim(), contentHtml: v.contentHtml || '', isTop: !!v.isTop, status: v.on ? 'on' : 'off' })}
          fields={
            <>
              <Form.Item
                label='标题'
                name='title'
                rules={[
                  { required: true, whitespace: true, message: '请填写标题' },
                  { max: 64, message: '标题最多 64 个字' },
                ]}
              >
                <Input />
              </Form.Item>
              <Form.Item label='摘要' name='summary' rules={[{ max: 256, message: '摘要最多 256 个字' }]}>
                <Input.TextArea rows={2} />
              </Form.Item>
              <Form.Item label='内容' name='contentHtml'>
                <RichText />
              </Form.Item>
              <Form.Item name='isTop' valuePropName='checked'>
                <Checkbox>置顶</Checkbox>
              </Form.Item>
              {shownField}
            </>
          }
        />
      ),
    },
    {
      key: 'sections',
      label: '商品专区',
      children: (
        <ResourceTab<AdminSection, SectionInput, { title: string; goodsIds: number[]; sort: number; on: boolean; range: Range }>
          name='商品专区'
          rows={data.sections}
          api={sections}
          writable={writable}
          reload={load}
          blank={{ sort: 0, on: true, goodsIds: [] }}
          columns={[
            { title: '标题', dataIndex: 'title', width: 160, ellipsis: true },
            { title: '商品数', key: 'count', width: 80, render: (_, r) => r.goodsIds.length },
            { title: '排序', dataIndex: 'sort', width: 60 },
            { title: '状态', dataIndex: 'status', width: 70, render: onOff },
            { title: '展示时间', key: 'schedule', width: 190, render: (_, r) => schedule(r) },
          ]}
          toForm={(r) => ({ title: r.title, goodsIds: r.goodsIds, sort: r.sort, on: r.status === 'on', range: toRange(r.startAt, r.endAt) })}
          toInput={(v) => ({ title: v.title.trim(), goodsIds: v.goodsIds || [], sort: v.sort ?? 0, status: v.on ? 'on' : 'off', ...fromRange(v.range) })}
          fields={
            <>
              <Form.Item
                label='标题'
                name='title'
                rules={[
                  { required: true, whitespace: true, message: '请填写标题' },
                  { max: 32, message: '标题最多 32 个字' },
                ]}
              >
                <Input placeholder='如：夏日清凉' />
              </Form.Item>
              <Form.Item label='商品（按选择顺序展示，最多 50 件）' name='goodsIds' rules={[{ type: 'array', min: 1, message: '请至少选择一件商品' }]}>
                <GoodsPicker />
              </Form.Item>
              {sortField}
              {scheduleField}
              {shownField}
            </>
          }
        />
      ),
    },
    {
      key: 'hotWords',
      label: '热搜词',
      children: (
        <ResourceTab<AdminHotWord, HotWordInput, HotWordInput>
          name='热搜词'
          rows={data.hotWords}
          api={hotWords}
          writable={writable}
          reload={load}
          blank={{ sort: 0 }}
          columns={[
            {
              title: '热搜词',
              dataIndex: 'word',
              render: (v: string, _r, i) => (
                <>
                  {v} {i === 0 && <Tag>搜索框提示</Tag>}
                </>
              ),
            },
            { title: '排序', dataIndex: 'sort', width: 60 },
          ]}
          toForm={(r) => r}
          toInput={(v) => ({ word: v.word.trim(), sort: v.sort ?? 0 })}
          fields={
            <>
              <Form.Item
                label='热搜词（第一个显示在搜索框里）'
                name='word'
                rules={[
                  { required: true, whitespace: true, message: '请填写热搜词' },
                  { max: 16, message: '热搜词最多 16 个字' },
                ]}
              >
                <Input />
              </Form.Item>
              {sortField}
            </>
          }
        />
      ),
    },
  ]

  return (
    <PageContainer title='店铺装修'>
      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Card>
            <Tabs items={tabs} />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title='首页预览'>
            <Preview banners={data.banners || []} navs={data.navs || []} notices={data.notices || []} sections={data.sections || []} hotWords={data.hotWords || []} dark={dark} />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  )
}
