export default definePageConfig({ navigationBarTitleText: '售后详情', navigationStyle: 'custom' })
