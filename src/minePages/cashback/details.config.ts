export default definePageConfig({ navigationBarTitleText: '返现详情', navigationStyle: 'custom' })
