import PageLayout from '@/components/PageLayout'

export default function HomeIndexPage() {
  return <PageLayout variant='back' title='代理后台' />
}
