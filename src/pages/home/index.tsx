import PageLayout from '@/components/PageLayout'

export default function HomeIndexPage() {
  return <PageLayout variant='tab' title='首页' />
}
