import PageLayout from '@/components/PageLayout'

export default function HomeIndexOldPage() {
  return <PageLayout variant='tab' title='首页' />
}
