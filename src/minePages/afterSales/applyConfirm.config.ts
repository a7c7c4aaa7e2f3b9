export default definePageConfig({ navigationBarTitleText: '仅退款', navigationStyle: 'custom' })
