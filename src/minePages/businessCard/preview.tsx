import PageLayout from '@/components/PageLayout'

export default function BusinessCardPreviewPage() {
  return <PageLayout variant='back' title='名片预览' />
}
