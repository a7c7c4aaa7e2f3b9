import PageLayout from '@/components/PageLayout'

export default function MyArticleGraphicEditingPage() {
  return <PageLayout variant='back' title='图文编辑' />
}
