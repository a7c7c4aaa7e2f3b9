/** 内容 · 文章: the shop's articles (and members') with rich text and pictures, publish / withdraw; the categories. */
import { useCallback, useEffect, useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Checkbox, Form, Input, InputNumber, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminArticleCategory, AdminArticleRow, ArticleCategoryInput, ArticleInput } from '@contract/adminContent'
import { articleCategories, articleCategoryApi, articleDetail, articleList, createArticle, deleteArticle, publishArticle, unpublishArticle, updateArticle } from '../../api/article'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'
import { ImagesInput } from '../../components/ImagesInput'
import { ResponsiveList } from '../../components/ResponsiveList'
import { RichText } from '../../components/RichText'
import { ResourceTab } from '../storefront/ResourceTab'

type ArticleForm = { title: string; categoryId: number; cover: string[]; summary?: string; contentHtml: string; publish?: boolean }

function ArticlesTab({ cats, writable }: { cats: AdminArticleCategory[]; writable: boolean }) {
  const ref = useRef<ActionType>()
  const [editing, setEditing] = useState<{ id?: number; values: Partial<ArticleForm>; published: boolean } | null>(null)
  const reload = () => ref.current?.reload()
  const edit = async (r?: AdminArticleRow) => {
    if (!r) return setEditing({ values: { cover: [], publish: false }, published: false })
    const d = await run(articleDetail(r.id))
    if (d)
      setEditing({
        id: d.id,
        published: d.status === 'published',
        values: { title: d.title, categoryId: d.categoryId ?? undefined, cover: d.cover ? [d.cover] : [], summary: d.summary, contentHtml: d.contentHtml },
      })
  }
  async function save(v: ArticleForm) {
    const body: ArticleInput = { title: v.title, categoryId: v.categoryId, cover: v.cover?.[0] || '', summary: v.summary || '', contentHtml: v.contentHtml || '', publish: !!v.publish }
    if (editing?.id) await updateArticle(editing.id, body)
    else await createArticle(body)
    reload()
  }
  const actions = (r: AdminArticleRow) =>
    writable
      ? [
          <a key='e' onClick={() => edit(r)}>
            编辑
          </a>,
          r.status === 'draft' ? (
            <a key='p' onClick={() => run(publishArticle(r.id), '已发布').then((ok) => ok && reload())}>
              发布
            </a>
          ) : (
            <a key='u' onClick={() => run(unpublishArticle(r.id), '已下架').then((ok) => ok && reload())}>
              下架
            </a>
          ),
          <Popconfirm key='d' title='删除这篇文章？' onConfirm={() => run(deleteArticle(r.id), '已删除').then((ok) => ok && reload())}>
            <a>删除</a>
          </Popconfirm>,
        ]
      : []
  const state = (r: AdminArticleRow) => (r.status === 'published' ? <Tag color='green'>已发布</Tag> : <Tag>草稿</Tag>)
  const columns: ProColumns<AdminArticleRow>[] = [
    { title: '标题', dataIndex: 'keyword', hideInTable: true },
    { title: '分类', dataIndex: 'categoryId', hideInTable: true, valueType: 'select', valueEnum: Object.fromEntries(cats.map((c) => [c.id, { text: c.name }])) },
    { title: '状态', dataIndex: 'status', hideInTable: true, valueType: 'select', valueEnum: { published: { text: '已发布' }, draft: { text: '草稿' } } },
    { title: '作者', dataIndex: 'author', hideInTable: true, valueType: 'select', valueEnum: { official: { text: '官方' }, member: { text: '会员' } } },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <Space>
          {r.cover && <img src={r.cover} alt='' width={48} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} />}
          <span>{r.title || '（无标题）'}</span>
        </Space>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', search: false, width: 110 },
    { title: '作者', dataIndex: 'authorName', search: false, width: 110 },
    { title: '状态', dataIndex: 'statusTag', search: false, width: 80, render: (_, r) => state(r) },
    { title: '阅读', dataIndex: 'views', search: false, width: 70, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', search: false, width: 150, render: (_, r) => dateTime(r.updatedAt) },
    { title: '操作', valueType: 'option', width: 150, render: (_, r) => actions(r) },
  ]
  return (
    <>
      <ResponsiveList<AdminArticleRow>
        rowKey='id'
        actionRef={ref}
        columns={columns}
        scrollX={1000}
        toolBarRender={() =>
          writable
            ? [
                <Button key='n' type='primary' icon={<PlusOutlined />} onClick={() => edit()}>
                  新建文章
                </Button>,
              ]
            : []
        }
        request={async (p) => {
          const r = await run(
            articleList({
              keyword: p.keyword?.trim() || undefined,
              categoryId: p.categoryId ? Number(p.categoryId) : undefined,
              status: p.status,
              author: p.author,
              page: p.current,
              pageSize: p.pageSize,
            }),
          )
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({ title: r.title || '（无标题）', subTitle: state(r), description: `${r.categoryName} · ${r.authorName} · ${dateTime(r.updatedAt)}`, actions: actions(r) })}
      />
      <FormModal<ArticleForm> open={!!editing} width={860} title={editing?.id ? '编辑文章' : '新建文章'} initialValues={editing?.values} onSubmit={save} onClose={() => setEditing(null)}>
        <Form.Item
          label='标题'
          name='title'
          rules={[
            { required: true, whitespace: true, message: '请输入文章标题' },
            { max: 64, message: '标题最多 64 个字' },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label='分类' name='categoryId' rules={[{ required: true, message: '请选择文章分类' }]}>
          <Select aria-label='文章分类' options={cats.map((c) => ({ value: c.id, label: c.name }))} placeholder='选择分类' />
        </Form.Item>
        <Form.Item label='封面（不选则用正文第一张图）' name='cover'>
          <ImagesInput max={1} cover={false} />
        </Form.Item>
        <Form.Item label='摘要（不填则取正文开头）' name='summary'>
          <Input.TextArea rows={2} maxLength={120} showCount />
        </Form.Item>
        <Form.Item label='正文' name='contentHtml' rules={[{ required: true, message: '请输入文章内容' }]}>
          <RichText placeholder='正文，可插入图片' />
        </Form.Item>
        {!editing?.published && (
          <Form.Item name='publish' valuePropName='checked'>
            <Checkbox>保存并发布</Checkbox>
          </Form.Item>
        )}
        <Typography.Text type='secondary'>正文保存时会清除脚本、外链框架等不安全内容，与商城编辑器规则相同。</Typography.Text>
      </FormModal>
    </>
  )
}

export default function Articles() {
  const { can } = useSession()
  const writable = can('content.write')
  const [cats, setCats] = useState<AdminArticleCategory[] | null>(null)
  const load = useCallback(() => void run(articleCategories()).then((r) => r && setCats(r)), [])
  useEffect(load, [load])
  return (
    <PageContainer title='文章'>
      <Tabs
        items={[
          { key: 'articles', label: '文章', children: <ArticlesTab cats={cats || []} writable={writable} /> },
          {
            key: 'categories',
            label: '分类',
            children: (
              <ResourceTab<AdminArticleCategory, ArticleCategoryInput, { name: string; sort?: number }>
                name='分类'
                rows={cats}
                api={articleCategoryApi}
                reload={load}
                writable={writable}
                blank={{ sort: 0 }}
                columns={[
                  { title: '名称', dataIndex: 'name' },
                  { title: '排序（大的在前）', dataIndex: 'sort', width: 140 },
                  { title: '文章数', dataIndex: 'articleCount', width: 90 },
                ]}
                toForm={(r) => ({ name: r.name, sort: r.sort })}
                toInput={(v) => ({ name: v.name, sort: v.sort ?? 0 })}
                fields={
                  <>
                    <Form.Item label='名称' name='name' rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
                      <Input maxLength={32} />
                    </Form.Item>
                    <Form.Item label='排序（大的在前）' name='sort'>
                      <InputNumber precision={0} min={0} max={100000} style={{ width: 160 }} />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
        ]}
      />
    </PageContainer>
  )
}
