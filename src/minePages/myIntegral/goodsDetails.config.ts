export default definePageConfig({ navigationBarTitleText: '积分商品', navigationStyle: 'custom' })
