export default definePageConfig({ navigationBarTitleText: '退货退款', navigationStyle: 'custom' })
