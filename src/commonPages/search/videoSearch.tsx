import PageLayout from '@/components/PageLayout'

export default function SearchVideoSearchPage() {
  return <PageLayout variant='back' title='搜索视频' />
}
