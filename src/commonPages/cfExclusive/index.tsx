import PageLayout from '@/components/PageLayout'

export default function CfExclusiveIndexPage() {
  return <PageLayout variant='back' title='品牌专享' />
}
