export default definePageConfig({ navigationBarTitleText: '查看物流', navigationStyle: 'custom' })
