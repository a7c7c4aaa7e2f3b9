import PageLayout from '@/components/PageLayout'

export default function ApplyIndexPage() {
  return <PageLayout variant='back' title='申请成为代理' />
}
